package org.gantry.job;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * How one step of a task attempt's script went: a dependency step (env, bash, module, conda,
 * pip, callBefore), the task's commands ({@code task}) or callAfter. Times are those of the
 * machine that ran the task.
 *
 * @param name       the step's name as in job YAML: {@code pip}, {@code callBefore}, {@code task}
 * @param status     where the step stands
 * @param exitCode   present once the step ended
 * @param startedAt  present once the step started
 * @param endedAt    present once the step ended
 * @param duration   how long the step took; for a running step the time since it started
 * @param stderrTail the last lines of a failed or interrupted step's stderr, oldest first (empty
 *                   for the task step, whose stderr is the task's log)
 */
public record TaskStep(String name, Status status, Optional<Integer> exitCode, Optional<Instant> startedAt,
                       Optional<Instant> endedAt, Optional<Duration> duration, List<String> stderrTail) {

    public enum Status {
        /** Planned and not reached (yet). */
        NOT_STARTED,
        RUNNING,
        OK,
        FAILED,
        /** Not run because an earlier step failed. */
        SKIPPED,
        /** Started, never ended, and the attempt is over: killed (SIGKILL, memory) or lost. */
        INTERRUPTED
    }

    public TaskStep {
        stderrTail = List.copyOf(stderrTail);
    }
}
