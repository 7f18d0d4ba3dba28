package org.gantry.job.lint;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * The CPU time one lint of the benchmark's 1,000-line document costs, which a busy machine
 * does not inflate the way it inflates {@link LintBenchmark}'s wall-clock samples. Prints
 * p50 and p90 of both after a warm-up. Run with the test classpath:
 * {@code java -cp target/test-classes:target/classes:<dependencies> org.gantry.job.lint.LintCpuTime [runs]}.
 */
public final class LintCpuTime {

    private LintCpuTime() {
    }

    public static void main(String[] args) {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Linter linter = Linter.withoutShellCheck();
        String yaml = LintBenchmark.thousandLines();
        for (int i = 0; i < runs; i++) {
            linter.lint(yaml, LintContext.standalone());
        }
        long[] cpu = new long[runs];
        long[] wall = new long[runs];
        for (int i = 0; i < runs; i++) {
            long cpuStart = threads.getCurrentThreadCpuTime();
            long wallStart = System.nanoTime();
            linter.lint(yaml, LintContext.standalone());
            wall[i] = System.nanoTime() - wallStart;
            cpu[i] = threads.getCurrentThreadCpuTime() - cpuStart;
        }
        Arrays.sort(cpu);
        Arrays.sort(wall);
        System.out.printf("lint of %d lines, %d runs: CPU p50 %.2f ms, p90 %.2f ms; wall p50 %.2f ms, p90 %.2f ms%n",
                yaml.lines().count(), runs, cpu[runs / 2] / 1e6, cpu[runs * 9 / 10] / 1e6, wall[runs / 2] / 1e6,
                wall[runs * 9 / 10] / 1e6);
    }
}
