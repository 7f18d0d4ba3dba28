package org.gantry.job.lint;

import java.time.Duration;
import java.util.List;
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
 * Lints a 1,000-line job document, as the editor does on each pause in typing. {@code lint}
 * is the linter without ShellCheck; {@code lintWithShellCheckAfterAnEdit} adds ShellCheck as
 * the editor meets it while someone types (skipped by the linter when none is installed). Sample time gives the percentiles.
 * Run: {@code mvn -o -Pbench test-compile exec:exec -Dbench=LintBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LintBenchmark {

    private final Linter linter = Linter.withoutShellCheck();
    private final Linter withShellCheck = new Linter(ShellCheck.onPath(Duration.ofSeconds(10)));
    private final LintContext context = LintContext.standalone();
    private String yaml;
    private long edits;

    @Setup
    public void setUp() {
        yaml = thousandLines();
    }

    @Benchmark
    public List<Finding> lint() {
        return linter.lint(yaml, context);
    }

    /**
     * With ShellCheck, after an edit in one task role: ShellCheck remembers the other roles'
     * blocks, so this is the linter plus one shellcheck process on one ~90-line block.
     */
    @Benchmark
    public List<Finding> lintWithShellCheckAfterAnEdit() {
        return withShellCheck.lint(yaml.replaceFirst("pyhton eval.py", "pyhton eval.py --run " + edits++), context);
    }

    /** Ten task roles with deps, templates and a few mistakes each, 1,000 lines in all. */
    static String thousandLines() {
        StringBuilder out = new StringBuilder("""
                protocolVersion: 2
                name: big-sweep
                type: job
                parameters:
                  lr: 0.01
                secrets:
                  wandb: k3y-for-wandb-123
                prerequisites:
                  - {name: image, type: dockerimage, uri: pytorch/pytorch:2.3.0}
                deps:
                  env:
                    DATA_DIR: /data
                taskRoles:
                """);
        int role = 0;
        while (true) {
            StringBuilder chunk = new StringBuilder("  worker").append(role++).append(":\n")
                    .append("    instances: 2\n    dockerImage: image\n")
                    .append("    resourcePerInstance: {cpu: 4, memoryMB: 8192, gpu: 1}\n")
                    .append("    deps:\n      pip:\n        packages: [torch==2.3.0, tqdm]\n")
                    .append("    commands:\n      - |\n");
            for (int i = 0; i < 40; i++) {
                chunk.append("        mkdir -p out/").append(i).append(" && cd out/").append(i).append('\n')
                        .append("        python train.py --lr <% $parameters.lr %> --data $DATA_DIR --seed ")
                        .append(i).append(" --out $OUT_DIR\n");
            }
            chunk.append("        pyhton eval.py && cd ../..\n").append("      - echo done in $SECONDS s\n");
            if (out.toString().lines().count() + chunk.toString().lines().count() > 1000) {
                break;
            }
            out.append(chunk);
        }
        while (out.toString().lines().count() < 1000) {
            out.append("# padding\n");
        }
        return out.toString();
    }
}
