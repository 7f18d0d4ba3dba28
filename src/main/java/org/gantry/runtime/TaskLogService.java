package org.gantry.runtime;

import java.util.Optional;
import org.gantry.job.JobRunService;
import org.springframework.stereotype.Service;

/**
 * A task attempt's stdout and stderr, kept with the attempt by its executor, for the REST log
 * endpoints and the job detail view. Readable by the job's owner and administrators. A live
 * tail reads again from {@link LogChunk#nextOffset()} until {@link TaskLog#complete()}.
 */
@Service
public class TaskLogService {

    /** The most a single read returns. */
    public static final int MAX_CHUNK = 4 * 1024 * 1024;

    private final JobRunService jobRuns;
    private final RuntimeStore store;
    private final ExecutorRegistry executors;

    TaskLogService(JobRunService jobRuns, RuntimeStore store, ExecutorRegistry executors) {
        this.jobRuns = jobRuns;
        this.store = store;
        this.executors = executors;
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
}
