package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.security.CurrentUser;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TerminalProperties;
import org.gantry.terminal.TerminalService;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Gantry's addition, after OpenPAI v1's job SSH info: how to reach a job's tasks through the
 * SSH gateway. {@code gantry job ssh} builds its ssh command from it.
 */
@RestController
@RequestMapping("/api/v2/jobs")
@Tag(name = "job")
class JobSshController {

    private final SshGateway gateway;
    private final TerminalService terminals;
    private final CurrentUser currentUser;
    private final TerminalProperties properties;

    JobSshController(SshGateway gateway, TerminalService terminals, CurrentUser currentUser,
                     TerminalProperties properties) {
        this.properties = properties;
        this.gateway = gateway;
        this.terminals = terminals;
        this.currentUser = currentUser;
    }

    @GetMapping("/{frameworkName}/ssh")
    @Operation(summary = "How to enter a job's task over SSH", description = "The gateway's host, port and host key,"
            + " the login name that names the task, and the ssh command. Your key must be registered under"
            + " /api/v2/users/me/ssh-keys.")
    ResponseEntity<Map<String, Object>> ssh(@PathVariable String frameworkName,
                                            @RequestParam Optional<String> taskRole,
                                            @RequestParam Optional<Integer> taskIndex) {
        TaskRoute route;
        try {
            TaskRoute job = TaskRoute.parse(frameworkName);
            if (job.taskRole().isPresent()) {
                throw new IllegalArgumentException("A job is named <user>~<job>, not " + frameworkName);
            }
            route = new TaskRoute(job.jobOwner(), job.jobName(), taskRole,
                    taskIndex.map(OptionalInt::of).orElse(OptionalInt.empty()));
        } catch (IllegalArgumentException e) {
            return error(HttpStatus.BAD_REQUEST, "InvalidParametersError", e.getMessage());
        }
        if (!terminals.mayEnter(currentUser.require(), route)) {
            return error(HttpStatus.FORBIDDEN, "ForbiddenUserError",
                    "Only " + route.jobOwner() + " may enter the tasks of " + route.jobId() + ".");
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("host", gateway.advertisedHost());
        // Unless configured, the gateway is on the host the caller reached this API on.
        json.put("hostConfigured", properties.advertisedHost().isPresent());
        json.put("port", gateway.port());
        json.put("hostKey", gateway.hostPublicKey());
        json.put("hostKeyFingerprint", gateway.hostKeyFingerprint());
        json.put("loginName", route.loginName());
        json.put("command", gateway.sshCommand(route));
        return ResponseEntity.ok(json);
    }

    private static ResponseEntity<Map<String, Object>> error(HttpStatus status, String code, String message) {
        return ResponseEntity.status(status).body(Map.of("code", code, "message", message));
    }
}
