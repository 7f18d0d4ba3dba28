package org.gantry.bench;

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
        int warmup = intArg(args, "--warmup", 10);
        int rate = intArg(args, "--rate", 0);
        Path dataDir = Files.createTempDirectory("gantry-bench");
        ConfigurableApplicationContext app = SpringApplication.run(GantryApplication.class,
                "--server.port=0", "--gantry.data-dir=" + dataDir, "--gantry.admin-password=" + RestClient.ADMIN_PASSWORD,
                "--logging.level.root=warn", "--logging.level.org.gantry.audit=warn", "--spring.main.banner-mode=off");
        try {
            int port = ((WebServerApplicationContext) app).getWebServer().getPort();
            List<RestClient> users = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                users.add(RestClient.newUser(port, "bench"));
            }
            System.out.printf("Gantry on port %d; %d clients, %s, %d s warm-up, %d s measured%n", port, clients,
                    rate > 0 ? "paced at " + rate + " jobs/s" : "back to back", warmup, seconds);
            run(port, users, warmup, rate, "warm-up", new ConcurrentLinkedQueue<>());
            ConcurrentLinkedQueue<String> acknowledged = new ConcurrentLinkedQueue<>();
            Duration jvmBefore = cpu(ProcessHandle.current());
            Duration pgBefore = postgresCpu(dataDir);
            Result result = run(port, users, seconds, rate, "run", acknowledged);
            result.print();
            printCpu(acknowledged.size(), cpu(ProcessHandle.current()).minus(jvmBefore),
                    postgresCpu(dataDir).minus(pgBefore));
            verify(app.getBean(DataSource.class), acknowledged);
        } finally {
            app.close();
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
        done.await();
        double elapsed = (System.nanoTime() - start) / 1e9;
        return new Result(phase, new ArrayList<>(latencies), failures.get(), elapsed);
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

    private static Duration cpu(ProcessHandle process) {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** The embedded server and all its backends: the processes whose postmaster runs in {@code dataDir}. */
    private static Duration postgresCpu(Path dataDir) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(dataDir.toString())).orElse(false))
                .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false))
                .map(p -> p.descendants().map(SubmitJobsBenchmark::cpu).reduce(cpu(p), Duration::plus))
                .reduce(Duration.ZERO, Duration::plus);
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

    private record Result(String phase, List<Long> latencies, int failures, double seconds) {
        void print() {
            Collections.sort(latencies);
            System.out.printf("%d jobs acknowledged in %.1f s: %.1f jobs/s; latency p50 %.1f ms, p99 %.1f ms,"
                            + " max %.1f ms; %d not acknowledged%n", latencies.size(), seconds,
                    latencies.size() / seconds, percentile(0.50), percentile(0.99), percentile(1.0), failures);
        }

        private double percentile(double p) {
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
