package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Map;
import org.gantry.diagnostics.DiagnosticsService;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Why a job failed and what to do (Gantry's addition to OpenPAI's job endpoints). */
@RestController
@RequestMapping("/api/v2/jobs")
@Tag(name = "job", description = "API endpoint for job")
class DiagnosticsController {

    private final DiagnosticsService diagnostics;

    DiagnosticsController(DiagnosticsService diagnostics) {
        this.diagnostics = diagnostics;
    }

    @GetMapping(JobController.JOB + "/diagnostics")
    @Operation(summary = "Diagnose a failed job", description = "The failure catalogue's answer for the job's"
            + " latest attempt: which task, attempt and step failed, the log line that shows it, what it means and"
            + " what to do, and OpenPAI's appExitSpec of it. Anyone who may see the job may ask; the logs are"
            + " read for the owner and administrators.")
    Map<String, Object> diagnose(@PathVariable String user, @PathVariable String job) {
        return DiagnosisJson.answer(user, job, diagnostics.diagnose(user, job));
    }
}
