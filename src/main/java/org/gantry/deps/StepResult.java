package org.gantry.deps;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How one step of a task script went.
 *
 * @param step       which step
 * @param status     its last recorded status
 * @param exitCode   present once the step ended
 * @param started    when the step started, by the clock of the machine that ran it; empty for a
 *                   skipped step
 * @param duration   present once the step ended
 * @param stderrTail the last lines of the step's stderr file, oldest first (empty for the task
 *                   step, whose stderr is the task's log)
 */
public record StepResult(DepsStep step, Status status, OptionalInt exitCode, Optional<Instant> started,
                         Optional<Duration> duration, List<String> stderrTail) {

    /** A step's state as the script recorded it. */
    public enum Status {
        /** Started and not ended: still running, or the script was killed in it. */
        RUNNING,
        OK,
        FAILED,
        /** Never started because an earlier step failed. */
        SKIPPED
    }

    public StepResult {
        stderrTail = List.copyOf(stderrTail);
    }

    /**
     * "dependency step `pip` failed (exit 1) after 3.2 s", or for the other steps
     * "step `task` failed (exit 2) after 0.4 s"; followed by the kept stderr lines.
     */
    public String failureMessage() {
        String what = step.isDependency() ? "dependency step" : "step";
        StringBuilder message = new StringBuilder()
                .append(what).append(" `").append(step.stepName()).append("` failed");
        exitCode.ifPresent(code -> message.append(" (exit ").append(code).append(')'));
        duration.ifPresent(d -> message.append(" after ").append(seconds(d)));
        stderrTail.forEach(line -> message.append('\n').append(line));
        return message.toString();
    }

    static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
    }
}
