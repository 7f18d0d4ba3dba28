package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.gantry.expression.ExpressionService;
import org.gantry.runtime.JobPlanService;
import org.gantry.runtime.JobPlanService.JobPlan;
import org.gantry.security.CurrentUser;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/** Gantry's addition: what a job document will run, before it is submitted. */
@RestController
@RequestMapping("/api/v2/jobs")
@Tag(name = "job", description = "API endpoint for job")
class JobPlanController {

    private final JobPlanService plans;
    private final ExpressionService expressions;
    private final CurrentUser currentUser;

    JobPlanController(JobPlanService plans, ExpressionService expressions, CurrentUser currentUser) {
        this.plans = plans;
        this.expressions = expressions;
        this.currentUser = currentUser;
    }

    @PostMapping(path = "/plan", consumes = {"text/yaml", "application/yaml", "application/x-yaml", "text/x-yaml",
            MediaType.TEXT_PLAIN_VALUE, MediaType.APPLICATION_OCTET_STREAM_VALUE})
    @Operation(summary = "Plan a job", description = "Body: a job protocol v2 document. Answers, per task, the"
            + " bash script it would run and its steps in canonical order (env, bash, module, conda, pip,"
            + " callBefore, task, callAfter) with the lines of each; secrets masked, hosts and ports shown as"
            + " placeholders. A document with errors answers its problems and no tasks.")
    Map<String, Object> plan(@io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
            mediaType = "text/yaml")) @RequestBody(required = false) byte[] body) {
        String user = currentUser.require();
        JobPlan plan = plans.plan(user, body == null ? "" : new String(body, StandardCharsets.UTF_8),
                expressions.values(user));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("virtualCluster", plan.virtualCluster());
        json.put("executor", plan.executor());
        json.put("problems", plan.problems().stream().map(ApiExceptionHandler::json).toList());
        json.put("tasks", plan.tasks().stream().map(t -> {
            Map<String, Object> task = new LinkedHashMap<>();
            task.put("taskRole", t.role());
            task.put("taskIndex", t.index());
            task.put("steps", t.steps().stream().map(s -> Map.of("name", s.name(), "lines", s.lines())).toList());
            task.put("script", t.script());
            return task;
        }).toList());
        return json;
    }
}
