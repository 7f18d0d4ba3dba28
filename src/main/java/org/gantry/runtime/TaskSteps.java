package org.gantry.runtime;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.deps.DepsStep;
import org.gantry.deps.StepResult;
import org.gantry.deps.StepResults;
import org.gantry.job.TaskStep;

/** An attempt's steps as the job views show them: what its script planned merged with what it recorded. */
final class TaskSteps {

    private TaskSteps() {
    }

    /**
     * @param planned   the steps of the attempt's script, in order (empty when unknown: then only
     *                  the recorded steps are listed)
     * @param recorded  what the script recorded so far
     * @param ended     whether the attempt is over: a step still open then was interrupted
     * @param endedAt   when the attempt ended, if known
     * @param now       the time a running step's elapsed time is measured to
     */
    static List<TaskStep> of(List<DepsStep> planned, StepResults recorded, boolean ended, Optional<Instant> endedAt,
                             Instant now) {
        Set<DepsStep> steps = EnumSet.noneOf(DepsStep.class);
        steps.addAll(planned);
        recorded.steps().forEach(r -> steps.add(r.step()));
        return steps.stream().map(step -> recorded.step(step).map(r -> of(r, ended, endedAt, now))
                .orElseGet(() -> notStarted(step))).toList();
    }

    private static TaskStep of(StepResult r, boolean ended, Optional<Instant> endedAt, Instant now) {
        TaskStep.Status status = switch (r.status()) {
            case OK -> TaskStep.Status.OK;
            case FAILED -> TaskStep.Status.FAILED;
            case SKIPPED -> TaskStep.Status.SKIPPED;
            case RUNNING -> ended ? TaskStep.Status.INTERRUPTED : TaskStep.Status.RUNNING;
        };
        Optional<Instant> endedStep = r.duration().flatMap(d -> r.started().map(s -> s.plus(d)));
        Optional<Duration> duration = r.duration().or(() -> r.started().flatMap(start -> switch (status) {
            case RUNNING -> Optional.of(since(start, now));
            case INTERRUPTED -> endedAt.map(end -> since(start, end));
            default -> Optional.empty();
        }));
        Optional<Integer> exit = r.exitCode().isPresent() ? Optional.of(r.exitCode().getAsInt()) : Optional.empty();
        return new TaskStep(r.step().stepName(), status, exit, r.started(), endedStep, duration, r.stderrTail());
    }

    private static TaskStep notStarted(DepsStep step) {
        return new TaskStep(step.stepName(), TaskStep.Status.NOT_STARTED, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), List.of());
    }

    /** The task's clock may differ from Gantry's a little: never a negative time. */
    private static Duration since(Instant start, Instant end) {
        Duration d = Duration.between(start, end);
        return d.isNegative() ? Duration.ZERO : d;
    }

    /**
     * Whose stderr is worth reading: a step that failed, or was cut off when the attempt ended
     * (the task step has no stderr file of its own).
     */
    static boolean wantsStderr(StepResult step, boolean ended) {
        return step.step() != DepsStep.TASK && (step.status() == StepResult.Status.FAILED
                || ended && step.status() == StepResult.Status.RUNNING);
    }
}
