package org.gantry.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.gantry.runtime.runner.RunnerScript;

/**
 * Where a chain job's time goes, from the files each attempt leaves (their modification
 * times): Gantry preparing the attempt up to the runner's start ({@code runner.sh} written →
 * {@code runner.pid} claimed), the task's processes (claimed → {@code exit-code} written), and
 * Gantry's part between one task's end and the next one's files (seeing the end, the verdict,
 * the client's poll and POST, admission); the POST's own time as the client measured it.
 */
final class ChainBreakdown {

    private ChainBreakdown() {
    }

    static void print(Path userTasks, int jobs, List<Double> posts) throws IOException {
        List<Double> prepare = new ArrayList<>();
        List<Double> process = new ArrayList<>();
        List<Double> between = new ArrayList<>();
        double previousEnd = Double.NaN;
        for (int i = 0; i < jobs; i++) {
            Path attempt = userTasks.resolve("chain-" + i).resolve("main-0").resolve("attempt-1");
            if (!Files.exists(attempt.resolve(RunnerScript.EXIT_CODE_FILE))) {
                previousEnd = Double.NaN;
                continue;
            }
            double written = millis(attempt.resolve(RunnerScript.FILE));
            double claimed = millis(attempt.resolve(RunnerScript.PID_FILE));
            double ended = millis(attempt.resolve(RunnerScript.EXIT_CODE_FILE));
            prepare.add(claimed - written);
            process.add(ended - claimed);
            if (!Double.isNaN(previousEnd)) {
                between.add(written - previousEnd);
            }
            previousEnd = ended;
        }
        System.out.printf("per job, p50 (mean): runner.sh written -> runner started %s; task's processes %s;"
                + " task ended -> next job's runner.sh written %s, of which the POST until 202 %s%n",
                figure(prepare), figure(process), figure(between), figure(new ArrayList<>(posts)));
    }

    private static double millis(Path file) throws IOException {
        Instant modified = Files.getLastModifiedTime(file).toInstant();
        return modified.getEpochSecond() * 1000.0 + modified.getNano() / 1e6;
    }

    private static String figure(List<Double> values) {
        if (values.isEmpty()) {
            return "n/a";
        }
        Collections.sort(values);
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return String.format("%.1f ms (%.1f)", RuntimeBench.percentile(values, 50), mean);
    }
}
