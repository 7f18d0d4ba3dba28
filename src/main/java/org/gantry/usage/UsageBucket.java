package org.gantry.usage;

import java.time.Instant;

/**
 * Usage of one day or month: attempts that ended in it, how many succeeded or failed, the
 * run time they used as resource-seconds of what was requested, and their mean wait from the
 * job's submission to the attempt's start; and what the executors measured: the CPU time the
 * tasks' processes used ({@code usedCpuSeconds}, next to the requested {@code cpuSeconds}) and
 * the highest peak memory of one attempt ({@code maxPeakMemoryMb}, 0 when none was measured).
 */
public record UsageBucket(Instant start, long jobs, long attempts, long succeeded, long failed, long cpuSeconds,
                          long gpuSeconds, long meanWaitSeconds, long usedCpuSeconds, long maxPeakMemoryMb) {
}
