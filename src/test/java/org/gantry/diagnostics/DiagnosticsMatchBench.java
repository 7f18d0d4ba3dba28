package org.gantry.diagnostics;

import java.io.ByteArrayInputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Matches a 10 MB training log against the whole seeded catalogue, as {@link DiagnosticsBenchmark}
 * does, and prints median and p95 of both the wall time and the thread's CPU time over many
 * rounds after a warm-up. On a shared machine the wall time measures the machine's load as much
 * as the matcher; the CPU time is what the match itself costs. The load average is printed
 * before and after. Not a test: run it with {@code bench/diagnostics.sh}.
 */
class DiagnosticsMatchBench {

    private static final int WARMUP = Integer.getInteger("bench.warmup", 10);
    private static final int ROUNDS = Integer.getInteger("bench.rounds", 40);

    @Test
    void match_a_ten_megabyte_log_against_the_catalogue() throws Exception {
        FailureCatalogue catalogue = new FailureCatalogue(CatalogueSeed.patterns());
        byte[] clean = DiagnosticsBenchmark.trainingLog("").getBytes(StandardCharsets.UTF_8);
        byte[] failing = DiagnosticsBenchmark.trainingLog("Traceback (most recent call last):\n"
                + "  File \"train.py\", line 3, in <module>\n"
                + "ModuleNotFoundError: No module named 'no_such_module_xyz'\n").getBytes(StandardCharsets.UTF_8);
        System.out.println("load average before: " + load());
        run("failingLog", catalogue, failing);
        run("cleanLog", catalogue, clean);
        System.out.println("load average after: " + load());
    }

    private static void run(String name, FailureCatalogue catalogue, byte[] log) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Evidence evidence = new Evidence(Optional.of(1), Optional.empty(),
                List.of(new Evidence.Text("stderr", () -> new ByteArrayInputStream(log), false)));
        for (int i = 0; i < WARMUP; i++) {
            catalogue.match(evidence);
        }
        double[] wall = new double[ROUNDS];
        double[] cpu = new double[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            long cpu0 = threads.getCurrentThreadCpuTime();
            long wall0 = System.nanoTime();
            Optional<Finding> found = catalogue.match(evidence);
            wall[i] = (System.nanoTime() - wall0) / 1e6;
            cpu[i] = (threads.getCurrentThreadCpuTime() - cpu0) / 1e6;
            if (name.equals("failingLog") && found.isEmpty()) {
                throw new IllegalStateException("the failing log was not diagnosed");
            }
        }
        System.out.printf("%s (%.1f MB, %d rounds after %d warm-up): wall p50 %.1f ms p95 %.1f ms min %.1f ms;"
                        + " cpu p50 %.1f ms p95 %.1f ms min %.1f ms%n", name, log.length / 1048576.0, ROUNDS, WARMUP,
                percentile(wall, 50), percentile(wall, 95), min(wall), percentile(cpu, 50), percentile(cpu, 95),
                min(cpu));
    }

    private static double percentile(double[] values, int p) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }

    private static double min(double[] values) {
        return Arrays.stream(values).min().orElse(0);
    }

    private static String load() throws Exception {
        return Files.readString(Path.of("/proc/loadavg")).trim();
    }
}
