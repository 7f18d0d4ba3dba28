package org.gantry.terminal;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * A stand-in for the runtime's resolver, for tests only: it knows exactly the tasks a test
 * registers, each a real shell target (a real OS account, a real directory), and nothing else,
 * so it never shadows the runtime's own resolver for real jobs.
 */
@Component
public class StandInTaskResolver implements TaskShellResolver {

    private final Map<String, TaskShellLookup> tasks = new ConcurrentHashMap<>();

    /** Registers a running task; routes without role or index find it too. */
    public void running(TaskRoute route, TaskShellTarget target) {
        tasks.put(route.jobId(), new TaskShellLookup.Running(route, target));
    }

    /** Marks the job's task as ended, with the message the runtime would give. */
    public void finished(TaskRoute route, String message) {
        tasks.put(route.jobId(), new TaskShellLookup.Unavailable(TaskShellLookup.Reason.FINISHED, message));
    }

    public void forget(TaskRoute route) {
        tasks.remove(route.jobId());
    }

    @Override
    public Optional<TaskShellLookup> resolve(TaskRoute route) {
        TaskShellLookup lookup = tasks.get(route.jobId());
        if (lookup instanceof TaskShellLookup.Running running) {
            boolean sameTask = route.taskRole().map(role -> role.equals(running.route().taskRole().orElseThrow()))
                    .orElse(true) && route.taskIndex().orElse(0) == running.route().taskIndex().orElseThrow();
            if (!sameTask) {
                return Optional.of(new TaskShellLookup.Unavailable(TaskShellLookup.Reason.NO_SUCH_TASK,
                        "Job " + route.jobId() + " has no task " + route.describe()));
            }
        }
        return Optional.ofNullable(lookup);
    }
}
