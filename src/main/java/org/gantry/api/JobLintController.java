package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.gantry.job.JobLintService;
import org.gantry.job.lint.Finding;
import org.gantry.job.lint.Fix;
import org.gantry.security.CurrentUser;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /api/v2/jobs/lint}: a job document in, the linter's findings out, nothing stored. */
@RestController
@RequestMapping("/api/v2/jobs")
@Tag(name = "job", description = "API endpoint for job")
class JobLintController {

    private final JobLintService lint;
    private final CurrentUser currentUser;

    JobLintController(JobLintService lint, CurrentUser currentUser) {
        this.lint = lint;
        this.currentUser = currentUser;
    }

    @PostMapping(path = "/lint", consumes = {"text/yaml", "application/yaml", "application/x-yaml", "text/x-yaml",
            MediaType.TEXT_PLAIN_VALUE, MediaType.APPLICATION_OCTET_STREAM_VALUE},
            produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(summary = "Lint a job", description = "Body: a job protocol v2 document (YAML). 200 with every"
            + " finding (line, column, end, severity, code, message, fix): schema and templating problems as"
            + " submission would report them, checks of the commands, the virtual cluster's quota, ShellCheck.")
    LintResponse lint(@io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
            mediaType = "text/yaml")) @RequestBody(required = false) byte[] body) {
        String yaml = body == null ? "" : new String(body, StandardCharsets.UTF_8);
        List<FindingJson> findings = lint.lint(currentUser.require(), yaml).stream().map(FindingJson::of).toList();
        long errors = findings.stream().filter(f -> f.severity().equals("ERROR")).count();
        return new LintResponse(findings, errors, findings.size() - errors, lint.usesShellCheck());
    }

    /** The answer; {@code shellCheck} says whether ShellCheck's comments are included. */
    record LintResponse(List<FindingJson> findings, long errors, long others, boolean shellCheck) {
    }

    record FindingJson(int line, int column, int endLine, int endColumn, String severity, String code,
                       String message, FixJson fix) {
        static FindingJson of(Finding f) {
            return new FindingJson(f.line(), f.column(), f.endLine(), f.endColumn(), f.severity().name(), f.code(),
                    f.message(), f.fix().map(FixJson::of).orElse(null));
        }
    }

    record FixJson(String title, int line, int column, int endLine, int endColumn, String replacement) {
        static FixJson of(Fix fix) {
            return new FixJson(fix.title(), fix.line(), fix.column(), fix.endLine(), fix.endColumn(),
                    fix.replacement());
        }
    }
}
