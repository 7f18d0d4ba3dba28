package org.gantry.runtime.slurm;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.runtime.Resources;

/**
 * The largest node in {@code sinfo --Node --format='%c %m %G %t'} output, counting only nodes
 * that take jobs now (not down, drained, draining or failed). Each dimension is the largest any
 * such node has: a task refused by it fits on no node, though one within it may still need
 * two nodes' best (many cores of one, the GPU of another), which Slurm then queues.
 */
final class SlurmNodes {

    /** The format handed to {@code sinfo} for {@link #largest}. */
    static final String FORMAT = "%c %m %G %t";

    private static final Set<String> UNAVAILABLE = Set.of("down", "drain", "drng", "drained", "draining", "fail",
            "failg", "failing", "maint", "boot", "inval", "unk");
    private static final Pattern GPUS = Pattern.compile("(?:^|,)gpu(?::[^:,(]+)?:(\\d+)");

    private SlurmNodes() {
    }

    static Resources largest(String sinfoOutput) {
        int cpu = 0;
        int memory = 0;
        int gpu = 0;
        for (String line : sinfoOutput.lines().map(String::trim).filter(l -> !l.isEmpty()).toList()) {
            String[] fields = line.split("\\s+");
            if (fields.length < 4 || !fields[0].matches("\\d+") || !fields[1].matches("\\d+")) {
                continue;
            }
            String state = fields[3].toLowerCase(Locale.ROOT).replaceAll("[^a-z]", "");
            if (UNAVAILABLE.contains(state)) {
                continue;
            }
            cpu = Math.max(cpu, Integer.parseInt(fields[0]));
            memory = Math.max(memory, Integer.parseInt(fields[1]));
            Matcher gpus = GPUS.matcher(fields[2]);
            int nodeGpus = 0;
            while (gpus.find()) {
                nodeGpus += Integer.parseInt(gpus.group(1));
            }
            gpu = Math.max(gpu, nodeGpus);
        }
        return new Resources(cpu, memory, gpu);
    }
}
