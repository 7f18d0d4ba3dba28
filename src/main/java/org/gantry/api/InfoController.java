package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.Map;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v2/info")
@Tag(name = "api", description = "API information")
class InfoController {

    /** OpenPAI release whose REST API v2 Gantry follows. */
    static final String OPENPAI_API_VERSION = "v1.8.0";

    private final GroupService groups;

    InfoController(GroupService groups) {
        this.groups = groups;
    }

    @GetMapping
    @Operation(summary = "Get cluster info", description = "Name, API version, launcher type, authentication"
            + " method, and the executors Gantry's virtual clusters run tasks with (local, ssh, slurm).")
    Map<String, Object> info() {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("name", "Gantry (OpenPAI REST API v2)");
        info.put("version", OPENPAI_API_VERSION);
        // OpenPAI's API description allows only yarn or k8s here, and its clients check for yarn;
        // Gantry behaves like the k8s launcher (protocol v2, job attempts, task statuses). What
        // actually runs the tasks is in "executors".
        info.put("launcherType", "k8s");
        info.put("executors", groups.virtualClusters().stream().map(VirtualCluster::getExecutor).distinct().sorted()
                .toList());
        info.put("authnMethod", "basic");
        return info;
    }
}
