package org.gantry.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;

/**
 * Figures of the runtime on the local executor, against Gantry started as users run it:
 * {@code latency [jobs]} submit → task process start, p50 and p99;
 * {@code chain [jobs]} wall time per job of a chain of trivial jobs, each submitted when the
 * previous one succeeded; {@code fault [rounds]} lives in {@link FaultBench}.
 */
public final class RuntimeBench {

    static final int WARM_UP_JOBS = 1000;

    private RuntimeBench() {
    }

    public static void main(String[] args) throws Exception {
        String which = args.length > 0 ? args[0] : "latency";
        int count = args.length > 1 ? Integer.parseInt(args[1]) : 0;
        switch (which) {
            case "latency" -> latency(count > 0 ? count : 220);
            case "chain" -> chain(count > 0 ? count : 1000, args.length > 2 ? Integer.parseInt(args[2]) : WARM_UP_JOBS);
            case "fault" -> FaultBench.run(count > 0 ? count : 20);
            case "two-instances" -> TwoInstancesBench.run(count > 0 ? count : 20);
            case "halt-at" -> HaltBench.run(count > 0 ? count : 20);
            case "executor" -> ExecutorLatency.run(count > 0 ? count : 110);
            case "commit" -> CommitFloor.run(count > 0 ? count : 500);
            case "log-flood" -> LogFloodBench.run(count > 0 ? count : 180);
            default -> throw new IllegalArgumentException(
                    "latency | chain | fault | two-instances | halt-at | executor | commit | log-flood");
        }
        System.exit(0);
    }

    /** Jobs submitted one every 200 ms; each task writes the time it started. First 20 are warm-up. */
    static void latency(int jobs) throws Exception {
        BenchGantry bench = new BenchGantry("latency", Map.of());
        List<Double> millis = new ArrayList<>();
        List<Double> acknowledged = new ArrayList<>();
        try (GantryProcess gantry = bench.start()) {
            RestClient user = RestClient.newUser(gantry.port(), "bench");
            List<String> names = new ArrayList<>();
            List<Long> submittedNanos = new ArrayList<>();
            for (int i = 0; i < jobs; i++) {
                String name = "latency-" + i;
                Path mark = bench.marks.resolve(name);
                long submitted = epochNanos();
                RestClient.Response response = user.postYaml("/api/v2/jobs", BenchGantry.job(name,
                        "date +%s%N > " + mark));
                if (response.status() != 202) {
                    throw new IllegalStateException(response.toString());
                }
                if (i >= 20) {
                    acknowledged.add((epochNanos() - submitted) / 1e6);
                }
                names.add(name);
                submittedNanos.add(submitted);
                Thread.sleep(200);
            }
            for (int i = 0; i < jobs; i++) {
                Path mark = bench.marks.resolve(names.get(i));
                for (int wait = 0; wait < 600 && (!Files.exists(mark) || Files.size(mark) == 0); wait++) {
                    Thread.sleep(100);
                }
                long started = Long.parseLong(Files.readString(mark).trim());
                if (i >= 20) {
                    millis.add((started - submittedNanos.get(i)) / 1e6);
                }
            }
        }
        Collections.sort(millis);
        Collections.sort(acknowledged);
        System.out.printf("submit -> process start, local executor, %d jobs (after 20 warm-up): p50 %.1f ms,"
                + " p99 %.1f ms, max %.1f ms; of which POST until 202: p50 %.1f ms, p99 %.1f ms%n", millis.size(),
                percentile(millis, 50), percentile(millis, 99), millis.get(millis.size() - 1),
                percentile(acknowledged, 50), percentile(acknowledged, 99));
    }

    /** Each job runs `true`; the next is submitted once Gantry reports the previous one SUCCEEDED. */
    static void chain(int jobs, int warmUpJobs) throws Exception {
        BenchGantry bench = new BenchGantry("chain", Map.of());
        List<Double> posts = new ArrayList<>();
        String username;
        try (GantryProcess gantry = bench.start()) {
            RestClient user = RestClient.newUser(gantry.port(), "bench");
            username = user.username();
            long residentAtStart = residentKb(gantry.pid());
            // a server that has run jobs for a while: its JIT has compiled the job path (the CPU
            // its compiler threads still take while measuring is printed below)
            for (int i = 0; i < warmUpJobs; i++) {
                runOne(user, username, "warmup-" + i);
            }
            ThreadCpu before = ThreadCpu.of(gantry.pid());
            long start = System.nanoTime();
            for (int i = 0; i < jobs; i++) {
                posts.add(runOne(user, username, "chain-" + i));
            }
            double perJob = (System.nanoTime() - start) / 1e6 / jobs;
            ThreadCpu used = ThreadCpu.of(gantry.pid()).minus(before);
            System.out.printf("chain of %d trivial jobs on the local executor (after %d warm-up jobs): %.1f ms per"
                    + " job, submit to SUCCEEDED as seen over REST (GET …?wait=60 answers at the job's end)%n", jobs,
                    warmUpJobs, perJob);
            System.out.printf("Gantry's CPU per job: %.1f ms, of which its JIT compiler threads %.1f ms%n",
                    used.totalMillis() / jobs, used.compilerMillis() / jobs);
            System.out.printf("Gantry's resident size: %.0f MB after its start, %.0f MB after %d jobs (JVM options:"
                    + " GANTRY_BENCH_JVM=%s)%n", residentAtStart / 1024.0, residentKb(gantry.pid()) / 1024.0,
                    warmUpJobs + jobs, Objects.requireNonNullElse(System.getenv("GANTRY_BENCH_JVM"), ""));
        }
        ChainBreakdown.print(bench.dataDir.resolve("tasks").resolve(username), jobs, posts);
    }

    /** A process's resident set (VmRSS of /proc/PID/status), in kB. */
    static long residentKb(long pid) throws IOException {
        return Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
                .filter(line -> line.startsWith("VmRSS:"))
                .mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
                .findFirst().orElseThrow(() -> new IOException("no VmRSS for process " + pid));
    }

    /** Runs one job to SUCCEEDED; returns the milliseconds its POST took to answer 202. */
    private static double runOne(RestClient user, String username, String name) throws Exception {
        long posted = System.nanoTime();
        RestClient.Response response = user.postYaml("/api/v2/jobs", BenchGantry.job(name, "true"));
        double postMillis = (System.nanoTime() - posted) / 1e6;
        if (response.status() != 202) {
            throw new IllegalStateException(response.toString());
        }
        // the status endpoint holds its answer back until the job ended (wait=N): no polling
        String state = BenchGantry.state(user, username, name + "?wait=60");
        if (!state.equals("SUCCEEDED")) {
            throw new IllegalStateException(name + " ended " + state);
        }
        return postMillis;
    }

    static long epochNanos() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    static double percentile(List<Double> sorted, int p) {
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }
}
