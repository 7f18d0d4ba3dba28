package org.gantry.runtime;

import java.util.Optional;
import org.gantry.job.TaskLogs;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * The job views' {@link TaskLogs}, read from a task's attempt through its executor (local, SSH
 * or Slurm alike). Present only while the runtime runs: without it no task has logs to show.
 */
@Component
@ConditionalOnProperty(name = "gantry.runtime.enabled", havingValue = "true", matchIfMissing = true)
class RuntimeTaskLogs implements TaskLogs {

    private final TaskLogService logs;

    RuntimeTaskLogs(TaskLogService logs) {
        this.logs = logs;
    }

    @Override
    public Optional<Chunk> read(String owner, String job, String role, int index, Optional<Attempt> attempt,
                                Stream stream, long offset, Optional<Integer> tailBytes, int limit) {
        LogStream which = stream == Stream.STDOUT ? LogStream.STDOUT : LogStream.STDERR;
        return logs.read(owner, job, role, index, TaskLogService.Which.of(attempt), which, offset, tailBytes, limit)
                .map(log -> new Chunk(log.chunk().data(), log.chunk().nextOffset(), log.chunk().size(),
                        log.complete()));
    }

    @Override
    public Optional<Steps> steps(String owner, String job, String role, int index, Optional<Attempt> attempt) {
        return logs.steps(owner, job, role, index, TaskLogService.Which.of(attempt));
    }
}
