package org.gantry.diagnostics;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Matches a 10 MB training log against the whole seeded catalogue, as a diagnosis of a failed
 * task does with the tail of its stderr. {@code failingLog} ends in a missing module (the common
 * case: a match near the end); {@code cleanLog} has no failure line at all, so every line is
 * scanned and no pattern's regex finds anything. Target: ≤ 50 ms.
 * Run: {@code bench/diagnostics.sh} (or {@code mvn -o -Pbench test-compile exec:exec -Dbench=DiagnosticsBenchmark}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DiagnosticsBenchmark {

    static final int LOG_BYTES = 10 * 1024 * 1024;

    private final FailureCatalogue catalogue = new FailureCatalogue(CatalogueSeed.patterns());
    private byte[] failing;
    private byte[] clean;

    @Setup
    public void setUp() {
        clean = trainingLog("").getBytes(StandardCharsets.UTF_8);
        failing = trainingLog("Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n"
                + "ModuleNotFoundError: No module named 'no_such_module_xyz'\n").getBytes(StandardCharsets.UTF_8);
    }

    /** Progress lines of a training run (with words the keywords share: error, killed, memory, module). */
    static String trainingLog(String end) {
        StringBuilder log = new StringBuilder(LOG_BYTES + 256);
        int step = 0;
        while (log.length() < LOG_BYTES - end.length()) {
            step++;
            log.append("2026-03-01 10:").append(step % 60).append(':').append(step % 60)
                    .append(" INFO epoch ").append(step / 1000).append(" step ").append(step)
                    .append(" loss=0.").append(step % 9973).append(" lr=3e-4 gpu memory 10.2 GiB")
                    .append(step % 50 == 0 ? " (module cache warm, 0 errors, nothing killed)" : "")
                    .append('\n');
        }
        return log.append(end).toString();
    }

    @Benchmark
    public Optional<Finding> failingLog() {
        return catalogue.match(evidence(failing));
    }

    @Benchmark
    public Optional<Finding> cleanLog() {
        return catalogue.match(evidence(clean));
    }

    private static Evidence evidence(byte[] log) {
        return new Evidence(Optional.of(1), Optional.empty(),
                List.of(new Evidence.Text("stderr", () -> new ByteArrayInputStream(log), false)));
    }
}
