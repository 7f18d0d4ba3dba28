package org.gantry.usage;

import java.time.Instant;
import java.util.Optional;

/**
 * One task attempt as the job history shows it. Times may be absent (an attempt that never
 * started has no start); wait and run time are whole seconds. {@code diagnosisCode} is the
 * diagnosis of a failed attempt once the diagnostics feature records one; empty until then.
 * Peak memory and CPU time are what the executor measured, empty where it measures nothing.
 */
public record HistoryRow(long attemptId, String job, String user, String groups, String virtualCluster,
                         String executor, String node, String state, Integer exitCode, String diagnosisCode,
                         String image, String taskRole, int taskIndex, int attempt, Instant submittedAt,
                         Instant startedAt, Instant endedAt, Long waitSeconds, Long runSeconds, int cpu,
                         int memoryMb, int gpu, Long peakMemoryMb, Long cpuTimeMs) {

    public Optional<Instant> started() {
        return Optional.ofNullable(startedAt);
    }
}
