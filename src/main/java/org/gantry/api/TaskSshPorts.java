package org.gantry.api;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TerminalProperties;
import org.gantry.terminal.TerminalService;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * Fills {@code containerIp} and {@code containerPorts.ssh} of the running tasks in a job
 * status with the SSH gateway's host and the task's own gateway port (a string, as the job's
 * own port labels are), for those who may enter them: OpenPAI's {@code pai ssh} builds its ssh
 * command from exactly these two fields.
 */
@Component
class TaskSshPorts {

    private final SshGateway gateway;
    private final TerminalService terminals;
    private final TerminalProperties properties;

    TaskSshPorts(SshGateway gateway, TerminalService terminals, TerminalProperties properties) {
        this.gateway = gateway;
        this.terminals = terminals;
        this.properties = properties;
    }

    /**
     * Adds the ssh endpoint of each running task of {@code detail} (a job status as JobJson
     * makes it); {@code host} is {@link #host()}, taken on the request's thread.
     */
    @SuppressWarnings("unchecked")
    void addTo(Map<String, Object> detail, String owner, String job, String viewer, String host) {
        if (!(detail.get("taskRoles") instanceof Map<?, ?> roles)) {
            return;
        }
        roles.forEach((role, roleJson) -> {
            Object statuses = ((Map<String, Object>) roleJson).get("taskStatuses");
            for (Map<String, Object> task : (List<Map<String, Object>>) statuses) {
                if (!"RUNNING".equals(task.get("taskState"))) {
                    continue;
                }
                TaskRoute route = TaskRoute.of(owner, job, (String) role, (Integer) task.get("taskIndex"));
                if (!terminals.mayEnter(viewer, route)) {
                    continue;
                }
                OptionalInt port = gateway.taskPort(route);
                if (port.isPresent()) {
                    Map<String, Object> ports = new LinkedHashMap<>((Map<String, Object>) task.get("containerPorts"));
                    // the gateway's port, even over a port the job labelled ssh itself: it is the way in
                    ports.put("ssh", Integer.toString(port.getAsInt()));
                    task.put("containerPorts", ports);
                    task.put("containerIp", host);
                }
            }
        });
    }

    /**
     * The configured host, else the one this request reached: the gateway runs in the same
     * process. Only on the request's thread.
     */
    String host() {
        return properties.advertisedHost().orElseGet(() -> ServletUriComponentsBuilder.fromCurrentRequestUri()
                .build().getHost());
    }
}
