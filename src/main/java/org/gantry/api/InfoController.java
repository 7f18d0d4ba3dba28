package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v2/info")
@Tag(name = "api", description = "API information")
class InfoController {

    /** OpenPAI release whose REST API v2 Gantry follows. */
    static final String OPENPAI_API_VERSION = "v1.8.0";

    @GetMapping
    @Operation(summary = "Get cluster info", description = "Name, API version, launcher type and authentication method.")
    Map<String, String> info() {
        // launcherType: OpenPAI's clients only distinguish yarn from k8s, and Gantry
        // behaves like the k8s launcher (protocol v2, job attempts, task statuses).
        return Map.of("name", "Gantry (OpenPAI REST API v2)", "version", OPENPAI_API_VERSION,
                "launcherType", "k8s", "authnMethod", "basic");
    }
}
