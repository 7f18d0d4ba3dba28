package org.gantry.job;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Where a person opens a shell in a running task. The job detail view shows a Connect
 * button per task only when a bean of this type exists and answers for that task.
 * Called on the UI thread with the viewer's security context; must not block for long.
 */
public interface TaskTerminalLinks {

    /**
     * The app-relative route of the terminal for task {@code roleName[taskIndex]} of job
     * {@code owner~jobName} as {@code viewer} may use it now, or empty when there is none
     * (task not running, viewer not allowed).
     */
    Optional<String> terminalRoute(String viewer, String owner, String jobName, String roleName, int taskIndex);

    /**
     * The browser proxy's links to the ports of task {@code roleName[taskIndex]} that
     * {@code viewer} may open now: those the task declares ({@code declared}, reserved for it)
     * and those its processes listen on, in port order; empty when there are none.
     */
    default List<PortLink> portLinks(String viewer, String owner, String jobName, String roleName, int taskIndex,
                                     Collection<Integer> declared) {
        return List.of();
    }

    /**
     * @param port the task's port
     * @param href the app-relative URL that opens it through the browser proxy
     */
    record PortLink(int port, String href) {
    }
}
