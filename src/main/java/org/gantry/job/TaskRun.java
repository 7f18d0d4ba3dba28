package org.gantry.job;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One launch of a task as the runtime recorded it.
 *
 * @param retry       which retry of the task in its job attempt it was (OpenPAI's task attempt id)
 * @param containerId how the executor named it ({@code local:<pid>:<start>}, {@code slurm[debug]:4711}), once launched
 * @param node        the host it ran on, once known
 * @param createdAt   when Gantry decided to launch it
 * @param ports       the ports reserved for it, by the labels of {@code resourcePerInstance.ports}
 */
public record TaskRun(long taskId, int retry, JobState state, Optional<String> containerId, Optional<String> node,
                      Optional<Integer> exitCode, Optional<String> diagnostics, Instant createdAt,
                      Optional<Instant> startedAt, Optional<Instant> completedAt, Map<String, List<Integer>> ports) {

    public TaskRun {
        ports = Collections.unmodifiableMap(new LinkedHashMap<>(ports));
    }
}
