package org.gantry.terminal;

/** What a {@link TaskShellResolver} knows about a task someone wants a shell in. */
public sealed interface TaskShellLookup {

    /**
     * The task runs and can be entered.
     *
     * @param route the route with task role and index filled in
     */
    record Running(TaskRoute route, TaskShellTarget target) implements TaskShellLookup {

        public Running {
            if (route.taskRole().isEmpty() || route.taskIndex().isEmpty()) {
                throw new IllegalArgumentException("A running task's route names its role and index: " + route);
            }
        }
    }

    /**
     * The task cannot be entered; {@code message} says why, for the person asking
     * (e.g. "Task worker[0] of alice~train finished (SUCCEEDED) at 12:03 UTC").
     */
    record Unavailable(Reason reason, String message) implements TaskShellLookup {
    }

    enum Reason {
        /** No such job, task role or index. */
        NO_SUCH_TASK,
        /** The task has not started yet. */
        NOT_STARTED,
        /** The task has ended. */
        FINISHED,
        /** The task runs, but Gantry cannot open a shell there (e.g. cannot switch accounts). */
        NOT_ENTERABLE
    }
}
