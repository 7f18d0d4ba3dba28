package org.gantry.job;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where one task stands in one job attempt. Node fields stay empty until the runtime has
 * placed the task; a waiting task may carry the scheduler's reason ("needs 4 cpu, 1 free;
 * position 3 in queue"). {@code ports} are those reserved for the task's launch, by label.
 * {@code platformRetries} counts its runs again after transient failures, apart from {@code retries}.
 */
public record TaskStatus(String roleName, int taskIndex, JobState state, int retries,
                         Optional<Integer> exitCode, Optional<String> exitDiagnostics,
                         Optional<String> containerId, Optional<String> nodeHost, Optional<String> nodeIp,
                         Optional<Instant> startedAt, Optional<Instant> completedAt,
                         Optional<String> waitingReason, Map<String, List<Integer>> ports, int platformRetries) {

    /** Why a task of an earlier attempt shows no run: OpenPAI stops such tasks with the attempt. */
    static final String NEVER_RAN = "The task did not run in this attempt: the attempt ended first.";

    /** The task as it stands now, in the job's latest attempt; {@code run} is its latest launch there, if any. */
    static TaskStatus current(JobTask task, Optional<TaskRun> run) {
        Optional<TaskRun> thisRetry = run.filter(r -> r.retry() == task.getRetries());
        return new TaskStatus(task.getRoleName(), task.getTaskIndex(), task.getState(), task.getRetries(),
                task.getExitCode(), task.getExitDiagnostics(), thisRetry.flatMap(TaskRun::containerId),
                task.getNodeHost(), task.getNodeIp(), task.getStartedAt(), task.getCompletedAt(),
                task.getWaitingReason(), thisRetry.map(TaskRun::ports).orElse(Map.of()), task.getPlatformRetries());
    }

    /** The task as its last launch in an earlier attempt left it; STOPPED when it never ran in that attempt. */
    static TaskStatus past(JobTask task, Optional<TaskRun> lastRun) {
        return lastRun.map(r -> new TaskStatus(task.getRoleName(), task.getTaskIndex(), r.state(), r.retry(),
                        r.exitCode(), r.diagnostics(), r.containerId(), r.node(), Optional.empty(), r.startedAt(),
                        r.completedAt(), Optional.empty(), r.ports(), 0))
                .orElseGet(() -> new TaskStatus(task.getRoleName(), task.getTaskIndex(), JobState.STOPPED, 0,
                        Optional.empty(), Optional.of(NEVER_RAN), Optional.empty(), Optional.empty(),
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Map.of(), 0));
    }
}
