package org.gantry.bench;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.gantry.GantryApplication;
import org.gantry.runtime.SlurmCluster;
import org.gantry.testsupport.RestClient;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Submits jobs over REST from concurrent clients against a Gantry started in this JVM on
 * an embedded PostgreSQL, and prints sustained jobs/s and p50/p99 acknowledgement latency
 * (request sent to 202 received). With {@code --rate} the clients pace themselves to an
 * overall rate and latency counts from each request's scheduled time, so a stall is not
 * hidden by the clients waiting; without it they submit back to back (saturation). At the
 * end every acknowledged job is looked up in the database.
 *
 * <p>Arguments: {@code --clients N --seconds S --warmup S --rate R} (R = 0: back to back).
 */
public final class SubmitJobsBenchmark {

    private static final String JOB = """
            protocolVersion: 2
            name: %s
            type: job
            prerequisites:
              - name: image
                type: dockerimage
                uri: python:3.12
            parameters:
              epochs: 3
            taskRoles:
              train:
                instances: 2
                dockerImage: image
                resourcePerInstance: {cpu: 1, memoryMB: 1024, gpu: 0}
                commands:
                  - python train.py --epochs <%% $parameters.epochs %%>
            """;

    public static void main(String[] args) throws Exception {
        int clients = intArg(args, "--clients", 8);
        int seconds = intArg(args, "--seconds", 30);
        boolean versusSbatch = List.of(args).contains("--vs-sbatch");
        // next to sbatch, Gantry is measured as a server that has been up a while: after 10 s its
        // JIT compiler still takes most of a job's CPU on 2 cores (decision 0099)
        int warmup = intArg(args, "--warmup", versusSbatch ? 150 : 10);
        int rate = intArg(args, "--rate", 0);
        int loops = intArg(args, "--sbatch-loops", 4);
        int pacedRate = intArg(args, "--paced-rate", 5);
        Path dataDir = Files.createTempDirectory("gantry-bench");
        ConfigurableApplicationContext app = SpringApplication.run(GantryApplication.class,
                "--server.port=0", "--gantry.data-dir=" + dataDir, "--gantry.admin-password=" + RestClient.ADMIN_PASSWORD,
                "--logging.level.root=warn", "--logging.level.org.gantry.audit=warn", "--spring.main.banner-mode=off");
        List<Result> gantry = new ArrayList<>();
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            List<RestClient> users = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                users.add(RestClient.newUser(port, "bench"));
            }
            System.out.printf("Gantry on port %d; %d clients, %s, %d s warm-up, %d s measured%n", port, clients,
                    versusSbatch ? "back to back, then paced at " + pacedRate + " jobs/s"
                            : rate > 0 ? "paced at " + rate + " jobs/s" : "back to back", warmup, seconds);
            run(port, users, warmup, rate, "warm-up", new ConcurrentLinkedQueue<>());
            ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
            Duration jvmBefore = ProcessCpu.of(ProcessHandle.current());
            Duration pgBefore = ProcessCpu.postgres(dataDir);
            long jitBefore = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
            Result result = run(port, users, seconds, versusSbatch ? 0 : rate, "run", acknowledged);
            result.print();
            gantry.add(result);
            printCpu(acknowledged.size(), ProcessCpu.of(ProcessHandle.current()).minus(jvmBefore),
                    ProcessCpu.postgres(dataDir).minus(pgBefore));
            System.out.printf("JIT compilers: %,d ms of compiling during the run (%,d ms during the warm-up and"
                    + " the start before it)%n", ManagementFactory.getCompilationMXBean().getTotalCompilationTime()
                    - jitBefore, jitBefore);
            if (versusSbatch) {
                Result paced = run(port, users, seconds, pacedRate, "run-paced", acknowledged);
                paced.print();
                gantry.add(paced);
            }
            verify(app.getBean(DataSource.class), acknowledged);
        } finally {
            app.close();
        }
        if (versusSbatch) {
            versusSbatch(gantry, clients, loops, seconds, pacedRate);
        }
    }

    /**
     * The same two figures for {@code sbatch} on a one-node Slurm started here as the tests
     * start it, after Gantry has stopped, then both side by side with the load average.
     */
    private static void versusSbatch(List<Result> gantry, int clients, int loops, int seconds, int pacedRate)
            throws Exception {
        List<String> missing = SlurmCluster.missing();
        if (!missing.isEmpty()) {
            System.out.println("Slurm is not installed here (missing " + String.join(", ", missing)
                    + "): Gantry's figures only");
            return;
        }
        Path slurmDir = Files.createTempDirectory("gantry-bench-slurm");
        List<Result> slurm = new ArrayList<>();
        try (SlurmCluster cluster = SlurmCluster.start(slurmDir)) {
            SbatchLoad sbatch = new SbatchLoad(cluster);
            System.out.printf("Slurm in %s; %d sbatch loops%n", slurmDir, loops);
            sbatch.run(loops, Math.max(2, seconds / 5), 0, "warm-up");
            Result saturated = sbatch.run(loops, seconds, 0, "run");
            saturated.print();
            slurm.add(saturated);
            Result paced = sbatch.run(loops, seconds, pacedRate, "run-paced");
            paced.print();
            slurm.add(paced);
        }
        System.out.println();
        System.out.println("| figure | Gantry | sbatch | Gantry / sbatch | load average (Gantry; sbatch) |");
        System.out.println("|---|---|---|---|---|");
        System.out.printf("| submissions accepted per second (%d HTTP clients; %d sbatch loops) | %.1f | %.1f | %.2f× | %s; %s |%n",
                clients, loops, gantry.get(0).perSecond(), slurm.get(0).perSecond(),
                gantry.get(0).perSecond() / slurm.get(0).perSecond(), gantry.get(0).load(), slurm.get(0).load());
        System.out.printf("| acknowledgement at %d jobs/s, p50 ms (POST until 202; sbatch returns) | %.1f | %.1f | %.2f× | %s; %s |%n",
                pacedRate, gantry.get(1).percentile(0.5), slurm.get(1).percentile(0.5),
                gantry.get(1).percentile(0.5) / slurm.get(1).percentile(0.5), gantry.get(1).load(), slurm.get(1).load());
    }

    /** The 1-minute load average, for labelling a figure measured on a shared machine. */
    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            return "?";
        }
    }

    private static Result run(int port, List<RestClient> users, int seconds, int rate, String phase,
                              ConcurrentLinkedQueue<String> acknowledged) throws InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger failures = new AtomicInteger();
        AtomicLong counter = new AtomicLong();
        long start = System.nanoTime();
        long end = start + Duration.ofSeconds(seconds).toNanos();
        long interval = rate > 0 ? 1_000_000_000L * users.size() / rate : 0;
        CountDownLatch done = new CountDownLatch(users.size());
        for (int c = 0; c < users.size(); c++) {
            RestClient user = users.get(c);
            long offset = interval * c / users.size();
            new Thread(() -> {
                try {
                    long scheduled = start + offset;
                    while (scheduled < end) {
                        if (interval > 0) {
                            long wait = scheduled - System.nanoTime();
                            if (wait > 0) {
                                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                            }
                        }
                        long sent = interval > 0 ? scheduled : System.nanoTime();
                        String name = phase + "-" + counter.incrementAndGet();
                        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v2/jobs"))
                                .header("Authorization", "Bearer " + user.token())
                                .header("Content-Type", "text/yaml")
                                .POST(HttpRequest.BodyPublishers.ofString(JOB.formatted(name))).build();
                        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
                        long now = System.nanoTime();
                        if (response.statusCode() == 202) {
                            latencies.add(now - sent);
                            acknowledged.add(name);
                        } else {
                            failures.incrementAndGet();
                            System.err.println("Not acknowledged: " + response.statusCode() + " " + response.body());
                        }
                        scheduled = interval > 0 ? scheduled + interval : now;
                    }
                } catch (Exception e) {
                    failures.incrementAndGet();
                    System.err.println("Client failed: " + e);
                } finally {
                    done.countDown();
                }
            }, "client-" + c).start();
        }
        String load = loadAverage();
        done.await();
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new Result(phase, new ArrayList<>(latencies), failures.get(), elapsed, load + "–" + loadAverage());
    }

    /**
     * CPU time per acknowledged job, in this JVM (Gantry and the clients) and in PostgreSQL:
     * unlike latency, it does not depend on what else the machine is running.
     */
    private static void printCpu(int jobs, Duration jvm, Duration postgres) {
        if (jobs == 0) {
            return;
        }
        double jvmMs = jvm.toNanos() / 1e6 / jobs;
        double pgMs = postgres.toNanos() / 1e6 / jobs;
        System.out.printf("CPU per job: %.2f ms in the JVM (server and clients) + %.2f ms in PostgreSQL;"
                + " 2 idle cores would sustain about %.0f jobs/s%n", jvmMs, pgMs, 2000 / (jvmMs + pgMs));
    }

    private static void verify(DataSource dataSource, ConcurrentLinkedQueue<String> acknowledged) {
        Set<String> stored = new HashSet<>(new JdbcTemplate(dataSource)
                .queryForList("select name from job where name like 'run-%'", String.class));
        List<String> missing = acknowledged.stream().filter(name -> !stored.contains(name)).toList();
        System.out.printf("Database check: %d acknowledged, %d stored, %d missing%n", acknowledged.size(),
                stored.size(), missing.size());
        if (!missing.isEmpty()) {
            System.out.println("MISSING: " + missing.subList(0, Math.min(20, missing.size())));
            System.exit(1);
        }
    }

    /** One phase's acknowledgements; {@code load} is the load average at its start and end. */
    record Result(String phase, List<Long> latencies, int failures, double seconds, String load) {
        void print() {
            System.out.printf("%s: %d jobs acknowledged in %.1f s: %.1f jobs/s; latency p50 %.1f ms, p99 %.1f ms,"
                            + " max %.1f ms; %d not acknowledged; load average %s%n", phase, latencies.size(), seconds,
                    perSecond(), percentile(0.50), percentile(0.99), percentile(1.0), failures, load);
        }

        double perSecond() {
            return latencies.size() / seconds;
        }

        double percentile(double p) {
            Collections.sort(latencies);
            if (latencies.isEmpty()) {
                return Double.NaN;
            }
            int index = (int) Math.min(latencies.size() - 1, Math.ceil(p * latencies.size()) - 1);
            return latencies.get(Math.max(0, index)) / 1e6;
        }
    }

    private static int intArg(String[] args, String name, int fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return Integer.parseInt(args[i + 1]);
            }
        }
        return fallback;
    }
}
