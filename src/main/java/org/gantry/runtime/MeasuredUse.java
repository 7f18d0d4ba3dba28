package org.gantry.runtime;

import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an ended attempt measurably used, where its executor can tell (docs/usage.md): the peak
 * memory of its processes and their CPU time (user + system). Either may be unknown.
 *
 * @param peakMemoryMb the highest memory use, in MiB rounded up (the memory cgroup's peak
 *                     locally, page cache included; Slurm's {@code MaxRSS})
 * @param cpuTimeMs    CPU time of the task's processes, user and system, in milliseconds
 */
public record MeasuredUse(Optional<Long> peakMemoryMb, Optional<Long> cpuTimeMs) {

    public static final MeasuredUse NONE = new MeasuredUse(Optional.empty(), Optional.empty());

    /**
     * The file in the attempt's directory where the runner keeps bash's {@code times} after the
     * task ended: the second line holds the user and system time of the task's processes that
     * were waited for (a daemon that left its parent is not counted).
     */
    public static final String CPU_TIMES_FILE = "cpu-times";

    private static final Pattern TIME = Pattern.compile("(\\d+)m(\\d+)(?:[.,](\\d{1,9}))?s");

    public MeasuredUse withPeakMemoryBytes(Optional<Long> bytes) {
        return new MeasuredUse(bytes.map(b -> (b + (1L << 20) - 1) >> 20), cpuTimeMs);
    }

    public MeasuredUse withCpuTimeMs(Optional<Long> millis) {
        return new MeasuredUse(peakMemoryMb, millis);
    }

    /** The children's user + system time from bash's {@code times} output ("0m1.250s 0m0.010s" on line 2). */
    public static Optional<Long> cpuMillisFromTimes(String times) {
        String[] lines = times.strip().split("\\R");
        if (lines.length < 2) {
            return Optional.empty();
        }
        Matcher m = TIME.matcher(lines[1]);
        long total = 0;
        int found = 0;
        while (m.find()) {
            String fraction = m.group(3) == null ? "0" : (m.group(3) + "00").substring(0, 3);
            total += (Long.parseLong(m.group(1)) * 60 + Long.parseLong(m.group(2))) * 1000 + Long.parseLong(fraction);
            found++;
        }
        return found == 2 ? Optional.of(total) : Optional.empty();
    }

    /** The CPU time the runner recorded, read through the executor's file access; empty when it recorded none. */
    public static Optional<Long> cpuMillisFromRunner(Executor executor, ExecutionHandle handle)
            throws ExecutorException {
        LogChunk chunk = executor.read(handle, CPU_TIMES_FILE, 0, 256);
        return cpuMillisFromTimes(new String(chunk.data(), StandardCharsets.UTF_8));
    }
}
