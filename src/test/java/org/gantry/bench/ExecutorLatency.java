package org.gantry.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.gantry.deps.PipOptions;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.JobLayout;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TaskLaunch;
import org.gantry.runtime.TaskPlanner;
import org.gantry.runtime.local.LocalExecutor;

/** The local executor alone: LocalExecutor.submit → the task's first command, for comparison. */
final class ExecutorLatency {

    private ExecutorLatency() {
    }

    static void run(int jobs) throws Exception {
        BenchGantry bench = new BenchGantry("executor", java.util.Map.of());
        LocalExecutor executor = new LocalExecutor(bench.dataDir, bench.dataDir.resolve("tasks"),
                new RuntimeProperties.Local(null, null, 0, true, RuntimeProperties.TaskAccounts.SHARED,
                        "gantry-task", "gantry-", "auto", null, java.time.Duration.ofDays(30), 2), System.getProperty("user.name").equals("root"));
        var spec = new org.gantry.job.protocol.ProtocolParser().parse(BenchGantry.job("x", "date +%s%N > MARK"))
                .spec().orElseThrow();
        TaskPlanner planner = new TaskPlanner(PipOptions.DEFAULT);
        JobLayout layout = new JobLayout(java.util.Map.of("main", List.of(new JobLayout.TaskPlace("127.0.0.1",
                java.util.Map.of()))));
        List<Double> millis = new ArrayList<>();
        for (int i = 0; i < jobs; i++) {
            Path mark = bench.marks.resolve("e" + i);
            long before = RuntimeBench.epochNanos();
            TaskLaunch planned = planner.launch(spec, "default", new AttemptRef("bench", "x" + i, "main", 0, 1),
                    layout, "/tmp");
            TaskLaunch launch = new TaskLaunch(planned.ref(), planned.script().replace("MARK", mark.toString()),
                    planned.env(), planned.resources());
            executor.submit("", launch);
            for (int wait = 0; wait < 300 && (!Files.exists(mark) || Files.size(mark) == 0); wait++) {
                Thread.sleep(5);
            }
            if (i >= 10) {
                millis.add((Long.parseLong(Files.readString(mark).trim()) - before) / 1e6);
            }
        }
        Collections.sort(millis);
        System.out.printf("LocalExecutor.submit -> first command, %d tasks: p50 %.1f ms, p99 %.1f ms%n",
                millis.size(), RuntimeBench.percentile(millis, 50), RuntimeBench.percentile(millis, 99));
    }
}
