package org.gantry.runtime;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.gantry.deps.DepsStep;
import org.gantry.deps.StepResults;
import org.gantry.job.JobRunService;
import org.gantry.job.TaskLogs;
import org.gantry.runtime.reconcile.RuntimeStore;
import org.gantry.runtime.reconcile.TaskAttempt;
import org.gantry.runtime.runner.StepFiles;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * The {@link TaskLogs} of the REST endpoints and the job views: a task attempt's stdout and
 * stderr and its script's steps, read through the attempt's executor (local, SSH or Slurm
 * alike). Present only while the runtime runs: without it no task has logs to show.
 */
@Component
@ConditionalOnProperty(name = "gantry.runtime.enabled", havingValue = "true", matchIfMissing = true)
class RuntimeTaskLogs implements TaskLogs {

    private final JobRunService jobRuns;
    private final RuntimeStore store;
    private final ExecutorRegistry executors;
    private final Clock clock;

    RuntimeTaskLogs(JobRunService jobRuns, RuntimeStore store, ExecutorRegistry executors, Clock clock) {
        this.jobRuns = jobRuns;
        this.store = store;
        this.executors = executors;
        this.clock = clock;
    }

    @Override
    public boolean launched(String owner, String job, String role, int index, Attempt attempt) {
        long taskId = jobRuns.taskId(owner, job, role, index);
        return launchedAttempt(taskId, Optional.of(attempt)).isPresent();
    }

    @Override
    public Optional<Chunk> read(String owner, String job, String role, int index, Optional<Attempt> which,
                                Stream stream, long offset, Optional<Integer> tailBytes, int limit) {
        long taskId = jobRuns.taskIdForLogs(owner, job, role, index);
        Optional<TaskAttempt> attempt = launchedAttempt(taskId, which);
        if (attempt.isEmpty()) {
            return Optional.empty();
        }
        ExecutionHandle handle = attempt.get().handle().orElseThrow();
        int max = Math.max(0, Math.min(limit, MAX_CHUNK));
        LogStream file = stream == Stream.STDOUT ? LogStream.STDOUT : LogStream.STDERR;
        try {
            Executor executor = executors.get(handle.executor());
            long from = offset;
            if (tailBytes.isPresent()) {
                long size = executor.logs(handle, file, 0, 0).size();
                from = Math.max(0, size - tailBytes.get());
            }
            LogChunk chunk = executor.logs(handle, file, Math.max(0, from), max);
            boolean ended = attempt.get().getState() == TaskAttempt.State.ENDED;
            return Optional.of(new Chunk(chunk.data(), chunk.nextOffset(), chunk.size(),
                    ended && chunk.nextOffset() >= chunk.size()));
        } catch (ExecutorException e) {
            throw new IllegalStateException("The log cannot be read now: " + e.getMessage(), e);
        }
    }

    @Override
    public Optional<Steps> steps(String owner, String job, String role, int index, Optional<Attempt> which) {
        long taskId = jobRuns.taskIdForLogs(owner, job, role, index);
        Optional<TaskAttempt> attempt = launchedAttempt(taskId, which);
        if (attempt.isEmpty()) {
            return Optional.empty();
        }
        ExecutionHandle handle = attempt.get().handle().orElseThrow();
        // Read before the files: an attempt seen ended has written its last step line.
        boolean ended = attempt.get().getState() == TaskAttempt.State.ENDED;
        try {
            Executor executor = executors.get(handle.executor());
            StepResults recorded = StepFiles.read(executor, handle, step -> TaskSteps.wantsStderr(step, ended),
                    StepResults.DEFAULT_TAIL_LINES);
            List<DepsStep> planned = StepFiles.planned(executor, handle);
            return Optional.of(new Steps(TaskSteps.of(planned, recorded, ended, attempt.get().getEndedAt(),
                    clock.instant()), ended));
        } catch (ExecutorException e) {
            throw new IllegalStateException("The steps cannot be read now: " + e.getMessage(), e);
        }
    }

    private Optional<TaskAttempt> launchedAttempt(long taskId, Optional<Attempt> which) {
        return store.launchedAttempt(taskId, which.map(Attempt::jobAttempt), which.map(Attempt::taskAttempt));
    }
}
