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
import org.springframework.stereotype.Service;

/**
 * A task attempt's stdout and stderr and its script's steps, kept with the attempt by its
 * executor, for the REST endpoints and the job detail view. Readable by the job's owner and
 * administrators. A live tail reads again from {@link LogChunk#nextOffset()} until
 * {@link TaskLog#complete()}.
 */
@Service
public class TaskLogService {

    /** The most a single read returns. */
    public static final int MAX_CHUNK = 4 * 1024 * 1024;

    private final JobRunService jobRuns;
    private final RuntimeStore store;
    private final ExecutorRegistry executors;
    private final Clock clock;

    TaskLogService(JobRunService jobRuns, RuntimeStore store, ExecutorRegistry executors, Clock clock) {
        this.jobRuns = jobRuns;
        this.store = store;
        this.executors = executors;
        this.clock = clock;
    }

    /**
     * @param chunk    what was read
     * @param complete whether the attempt has ended and everything up to its end was read
     */
    public record TaskLog(LogChunk chunk, boolean complete) {
    }

    /** Which attempt: OpenPAI's job attempt and task attempt (retry) numbers, or the latest. */
    public record Which(Optional<Integer> jobAttempt, Optional<Integer> taskAttempt) {
        public static final Which LATEST = new Which(Optional.empty(), Optional.empty());

        static Which of(Optional<TaskLogs.Attempt> attempt) {
            return attempt.map(a -> new Which(Optional.of(a.jobAttempt()), Optional.of(a.taskAttempt())))
                    .orElse(LATEST);
        }
    }

    /** Whether the task attempt was launched, so that it has logs (for anyone who may see the job). */
    public boolean launched(String user, String job, String role, int index, Which which) {
        long taskId = jobRuns.taskId(user, job, role, index);
        return store.launchedAttempt(taskId, which.jobAttempt(), which.taskAttempt()).isPresent();
    }

    /**
     * Reads from {@code offset}, or the last {@code tailBytes} when given; empty when the
     * task attempt has not been launched.
     *
     * @throws org.gantry.job.JobException when the job or task does not exist
     * @throws org.springframework.security.access.AccessDeniedException for anyone but the owner or an admin
     */
    public Optional<TaskLog> read(String user, String job, String role, int index, Which which, LogStream stream,
                                  long offset, Optional<Integer> tailBytes, int limit) {
        long taskId = jobRuns.taskIdForLogs(user, job, role, index);
        Optional<TaskAttempt> attempt = store.launchedAttempt(taskId, which.jobAttempt(), which.taskAttempt());
        if (attempt.isEmpty()) {
            return Optional.empty();
        }
        ExecutionHandle handle = attempt.get().handle().orElseThrow();
        int max = Math.max(0, Math.min(limit, MAX_CHUNK));
        try {
            Executor executor = executors.get(handle.executor());
            long from = offset;
            if (tailBytes.isPresent()) {
                long size = executor.logs(handle, stream, 0, 0).size();
                from = Math.max(0, size - tailBytes.get());
            }
            LogChunk chunk = executor.logs(handle, stream, Math.max(0, from), max);
            boolean ended = attempt.get().getState() == TaskAttempt.State.ENDED;
            return Optional.of(new TaskLog(chunk, ended && chunk.nextOffset() >= chunk.size()));
        } catch (ExecutorException e) {
            throw new IllegalStateException("The log cannot be read now: " + e.getMessage(), e);
        }
    }

    /**
     * The attempt's steps: those its script planned, with the status, exit code and times it
     * recorded for each, a running step's time so far, and the last stderr lines of a failed
     * one; empty when the task attempt has not been launched.
     *
     * @throws org.gantry.job.JobException when the job or task does not exist
     * @throws org.springframework.security.access.AccessDeniedException for anyone but the owner or an admin
     * @throws IllegalStateException when the executor cannot be reached now
     */
    public Optional<TaskLogs.Steps> steps(String user, String job, String role, int index, Which which) {
        long taskId = jobRuns.taskIdForLogs(user, job, role, index);
        Optional<TaskAttempt> attempt = store.launchedAttempt(taskId, which.jobAttempt(), which.taskAttempt());
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
            return Optional.of(new TaskLogs.Steps(TaskSteps.of(planned, recorded, ended, attempt.get().getEndedAt(),
                    clock.instant()), ended));
        } catch (ExecutorException e) {
            throw new IllegalStateException("The steps cannot be read now: " + e.getMessage(), e);
        }
    }
}
