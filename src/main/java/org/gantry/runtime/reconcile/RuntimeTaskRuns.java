package org.gantry.runtime.reconcile;

import java.util.List;
import org.gantry.job.JobState;
import org.gantry.job.TaskRun;
import org.gantry.job.TaskRuns;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.TaskObservation;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Task launches from the {@code task_attempt} records, which the runtime keeps for every launch. */
@Component
class RuntimeTaskRuns implements TaskRuns {

    private final TaskAttemptRepository attempts;

    RuntimeTaskRuns(TaskAttemptRepository attempts) {
        this.attempts = attempts;
    }

    @Override
    @Transactional(readOnly = true)
    public List<TaskRun> of(long jobId, int jobAttempt) {
        return attempts.findByJobIdAndJobAttemptOrderByAttempt(jobId, jobAttempt).stream()
                .map(RuntimeTaskRuns::run).toList();
    }

    private static TaskRun run(TaskAttempt attempt) {
        return new TaskRun(attempt.getTaskId(), attempt.getRetry(), state(attempt),
                attempt.handle().map(ExecutionHandle::toString), attempt.getNode().filter(n -> !n.isBlank()),
                attempt.getExitCode(), attempt.getDiagnostics(), attempt.getClaimedAt(), attempt.getStartedAt(),
                attempt.getEndedAt(), PortList.parse(attempt.getPorts()));
    }

    /** A launch's state in OpenPAI's task states; an ended launch without a phase was fenced, so it failed. */
    private static JobState state(TaskAttempt attempt) {
        if (attempt.getState() == TaskAttempt.State.ENDED) {
            return switch (attempt.getPhase().orElse(TaskObservation.Phase.FAILED)) {
                case SUCCEEDED -> JobState.SUCCEEDED;
                case STOPPED -> JobState.STOPPED;
                default -> JobState.FAILED;
            };
        }
        if (attempt.getStopRequestedAt().isPresent()) {
            return JobState.STOPPING;
        }
        return attempt.getStartedAt().isPresent() ? JobState.RUNNING : JobState.WAITING;
    }
}
