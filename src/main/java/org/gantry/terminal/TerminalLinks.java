package org.gantry.terminal;

import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.job.TaskTerminalLinks;
import org.springframework.stereotype.Component;

/**
 * The job detail view's Connect buttons: a task gets one while it runs and the viewer may
 * enter it; the button opens {@code jobs/<owner>~<job>/terminal/<role>/<index>}.
 */
@Component
class TerminalLinks implements TaskTerminalLinks {

    private final TerminalService terminals;

    TerminalLinks(TerminalService terminals) {
        this.terminals = terminals;
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

    /** The browser terminal's route for a task. */
    static String path(TaskRoute route) {
        return "jobs/" + route.jobId() + "/terminal/" + route.taskRole().orElseThrow() + "/"
                + route.taskIndex().orElseThrow();
    }
}
