package org.gantry.job;

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
}
