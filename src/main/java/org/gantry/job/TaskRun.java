package org.gantry.job;

import java.time.Instant;
import java.util.Optional;

/**
 * One launch of a task as the runtime recorded it.
 *
 * @param retry       which retry of the task in its job attempt it was (OpenPAI's task attempt id)
 * @param containerId how the executor named it ({@code local:<pid>:<start>}, {@code slurm[debug]:4711}), once launched
 * @param node        the host it ran on, once known
 * @param createdAt   when Gantry decided to launch it
 */
public record TaskRun(long taskId, int retry, JobState state, Optional<String> containerId, Optional<String> node,
                      Optional<Integer> exitCode, Optional<String> diagnostics, Instant createdAt,
                      Optional<Instant> startedAt, Optional<Instant> completedAt) {
}
