package org.gantry.runtime.slurm;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.runtime.MeasuredUse;

/**
 * What {@code sacct -n -P -j <id> --format=MaxRSS,TotalCPU} says a job used: one line per job
 * step ("MaxRSS|TotalCPU"); the job's peak is the largest step's {@code MaxRSS}, its CPU time
 * the allocation's {@code TotalCPU} (the first line, which adds up its steps). sacct answers only
 * where slurmdbd keeps accounting; elsewhere the runner's own figure stands.
 */
final class SlurmAccounting {

    /** {@code [DD-][HH:]MM:SS[.mmm]}. */
    private static final Pattern CPU = Pattern.compile("(?:(\\d+)-)?(?:(\\d+):)?(\\d+):(\\d+)(?:\\.(\\d{1,6}))?");
    private static final Pattern RSS = Pattern.compile("(\\d+(?:\\.\\d+)?)([KMGT]?)");

    private SlurmAccounting() {
    }

    static MeasuredUse parse(String sacct) {
        Optional<Long> peak = Optional.empty();
        Optional<Long> cpu = Optional.empty();
        for (String line : sacct.strip().split("\\R")) {
            String[] fields = line.trim().split("\\|", -1);
            if (fields.length < 2) {
                continue;
            }
            Optional<Long> rss = bytes(fields[0].trim());
            if (rss.isPresent() && (peak.isEmpty() || rss.get() > peak.get())) {
                peak = rss;
            }
            if (cpu.isEmpty()) {
                cpu = millis(fields[1].trim());
            }
        }
        return MeasuredUse.NONE.withPeakMemoryBytes(peak).withCpuTimeMs(cpu);
    }

    static Optional<Long> bytes(String rss) {
        Matcher m = RSS.matcher(rss);
        if (rss.isEmpty() || !m.matches()) {
            return Optional.empty();
        }
        int shift = switch (m.group(2)) {
            case "K" -> 10;
            case "M" -> 20;
            case "G" -> 30;
            case "T" -> 40;
            default -> 0;
        };
        return Optional.of(new java.math.BigDecimal(m.group(1)).multiply(java.math.BigDecimal.valueOf(1L << shift))
                .longValue());
    }

    static Optional<Long> millis(String totalCpu) {
        Matcher m = CPU.matcher(totalCpu);
        if (!m.matches()) {
            return Optional.empty();
        }
        long days = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
        long hours = m.group(2) == null ? 0 : Long.parseLong(m.group(2));
        long seconds = ((days * 24 + hours) * 60 + Long.parseLong(m.group(3))) * 60 + Long.parseLong(m.group(4));
        long fraction = m.group(5) == null ? 0 : Long.parseLong((m.group(5) + "00").substring(0, 3));
        return Optional.of(seconds * 1000 + fraction);
    }
}
