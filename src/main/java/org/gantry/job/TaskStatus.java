package org.gantry.job;

import java.time.Instant;
import java.util.Optional;

/**
 * Where one task stands. Node fields stay empty until the runtime has placed the task; a
 * waiting task may carry the scheduler's reason ("needs 4 cpu, 1 free; position 3 in queue").
 */
public record TaskStatus(String roleName, int taskIndex, JobState state, int retries,
                         Optional<Integer> exitCode, Optional<String> exitDiagnostics,
                         Optional<String> nodeHost, Optional<String> nodeIp,
                         Optional<Instant> startedAt, Optional<Instant> completedAt,
                         Optional<String> waitingReason) {

    static TaskStatus of(JobTask task) {
        return new TaskStatus(task.getRoleName(), task.getTaskIndex(), task.getState(), task.getRetries(),
                task.getExitCode(), task.getExitDiagnostics(), task.getNodeHost(), task.getNodeIp(),
                task.getStartedAt(), task.getCompletedAt(), task.getWaitingReason());
    }
}
