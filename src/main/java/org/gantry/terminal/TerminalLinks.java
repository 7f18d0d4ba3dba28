package org.gantry.terminal;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeSet;
import org.gantry.job.TaskTerminalLinks;
import org.springframework.stereotype.Component;

/**
 * The job detail view's Connect buttons: a task gets one while it runs and the viewer may
 * enter it; the button opens {@code jobs/<owner>~<job>/terminal/<role>/<index>}.
 */
@Component
class TerminalLinks implements TaskTerminalLinks {

    private final TerminalService terminals;
    private final TaskPortAccess ports;

    TerminalLinks(TerminalService terminals, TaskPortAccess ports) {
        this.terminals = terminals;
        this.ports = ports;
    }

    @Override
    public Optional<String> terminalRoute(String viewer, String owner, String jobName, String roleName, int taskIndex) {
        TaskRoute route;
        try {
            route = new TaskRoute(owner, jobName, Optional.of(roleName), OptionalInt.of(taskIndex));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (!terminals.mayEnter(viewer, route) || !(terminals.lookup(route) instanceof TaskShellLookup.Running)) {
            return Optional.empty();
        }
        return Optional.of(path(route));
    }

    @Override
    public List<PortLink> portLinks(String viewer, String owner, String jobName, String roleName, int taskIndex,
                                    Collection<Integer> declared) {
        TaskRoute route;
        try {
            route = new TaskRoute(owner, jobName, Optional.of(roleName), OptionalInt.of(taskIndex));
        } catch (IllegalArgumentException e) {
            return List.of();
        }
        if (!terminals.mayEnter(viewer, route)
                || !(terminals.lookup(route) instanceof TaskShellLookup.Running running)) {
            return List.of();
        }
        TreeSet<Integer> open = new TreeSet<>(declared);
        open.addAll(ports.listening(running.target()));
        return open.stream().filter(port -> port > 0 && port <= 65535)
                .map(port -> new PortLink(port, proxyPath(running.route(), port))).toList();
    }

    /** The browser proxy's path for a task's port, as org.gantry.terminal.proxy.ProxyTarget reads it. */
    static String proxyPath(TaskRoute route, int port) {
        return "jobs/" + route.jobId() + "/proxy/" + route.taskRole().orElseThrow() + "/" + route.taskIndex().orElseThrow()
                + "/" + port + "/";
    }

    /** The browser terminal's route for a task. */
    static String path(TaskRoute route) {
        return "jobs/" + route.jobId() + "/terminal/" + route.taskRole().orElseThrow() + "/"
                + route.taskIndex().orElseThrow();
    }
}
