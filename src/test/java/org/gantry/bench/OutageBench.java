package org.gantry.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.SmallDisk;

/**
 * Fault rounds against one running Gantry while three clients submit: {@link #database} kills
 * the embedded PostgreSQL's postmaster with SIGKILL (Gantry starts it again itself);
 * {@link #fullDisk} fills the local tasks' file system (a tmpfs, as root) to its last byte for
 * three seconds. Recovery is the time from the fault's end (the kill; the space freed) until
 * a submission is accepted again. Each accepted job is then followed to its end.
 */
final class OutageBench {

    private OutageBench() {
    }

    /** The fault table's row of rounds of the embedded database killed. */
    static String database(int rounds) throws Exception {
        BenchGantry bench = new BenchGantry("database-outage", Map.of());
        try (GantryProcess gantry = bench.start()) {
            Path pidFile = bench.dataDir.resolve("postgres/postmaster.pid");
            return rounds(bench, gantry, "database killed (embedded, kill -9)", rounds, () -> {
                long postmaster = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
                int killed = new ProcessBuilder("kill", "-9", Long.toString(postmaster)).inheritIO().start().waitFor();
                if (killed != 0) {
                    throw new IllegalStateException("the database's postmaster " + postmaster + " was not running");
                }
                return System.nanoTime();
            });
        }
    }

    /**
     * The fault table's row of rounds of an external PostgreSQL (a server Gantry did not start: the
     * embedded binaries run here as their own server on a fixed port) stopped (fast shutdown) for
     * 2 to 10 s and started again on the same data directory.
     */
    static String externalDatabase(int rounds) throws Exception {
        Path root = Files.createDirectories(Path.of("target", "bench", "external-database-" + System.currentTimeMillis())
                .toAbsolutePath());
        Path data = root.resolve("postgres");
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        EmbeddedPostgres[] server = {externalServer(data, port)};
        try {
            BenchGantry bench = new BenchGantry("external-database", Map.of(
                    "spring.datasource.url", server[0].getJdbcUrl("postgres", "postgres"),
                    "spring.datasource.username", "postgres"));
            try (GantryProcess gantry = bench.start()) {
                return rounds(bench, gantry, "database stopped (external, 2-10 s)", rounds, () -> {
                    server[0].close();
                    Thread.sleep(ThreadLocalRandom.current().nextLong(2000, 10_000));
                    server[0] = externalServer(data, port);
                    return System.nanoTime();
                });
            }
        } finally {
            server[0].close();
        }
    }

    private static EmbeddedPostgres externalServer(Path data, int port) throws IOException {
        // kept across stops: the same data directory and port, as a restarted server has
        return EmbeddedPostgres.builder().setDataDirectory(data).setCleanDataDirectory(false).setPort(port).start();
    }

    /** The fault table's row of rounds of the tasks' file system full; empty when not root. */
    static String fullDisk(int rounds) throws Exception {
        if (!"root".equals(System.getProperty("user.name"))) {
            return String.format("%-44s (needs root to mount a tmpfs)", "disk full (tasks' file system)");
        }
        Path tasks = Files.createDirectories(Path.of("target", "bench", "disk-full-tasks-" + System.currentTimeMillis())
                .toAbsolutePath());
        SmallDisk disk = SmallDisk.mount(tasks, "64m");
        try {
            BenchGantry bench = new BenchGantry("disk-full", Map.of("gantry.runtime.local.tasks-dir", tasks.toString(),
                    "gantry.disk.min-free", "8MB"));
            try (GantryProcess gantry = bench.start()) {
                return rounds(bench, gantry, "disk full (tasks' tmpfs, 3 s)", rounds, () -> {
                    disk.fill();
                    Thread.sleep(3000);
                    disk.free();
                    return System.nanoTime();
                });
            }
        } finally {
            disk.close();
        }
    }

    interface Fault {
        /** Injects the fault; returns System.nanoTime() of its end. */
        long inject() throws Exception;
    }

    /**
     * How the clients submit during the rounds: how many, the pause after each submission, the
     * virtual cluster (null: the default one), how long each task sleeps; recovery is measured
     * until a submission is accepted again or, for faults of an executor (submissions never
     * reach it), until a job's end is recorded after the fault ended.
     */
    record Load(int clients, long pauseMs, String virtualCluster, String taskSeconds, boolean recoveryByEnd) {

        static final Load SUBMISSIONS = new Load(3, 100, null, "0.1", false);

        String job(String name, Path marks) {
            String job = BenchGantry.job(name, "echo run >> " + marks.resolve(name) + "; sleep " + taskSeconds);
            return virtualCluster == null ? job
                    : job.replace("type: job\n", "type: job\ndefaults:\n  virtualCluster: " + virtualCluster + "\n");
        }
    }

    private static String rounds(BenchGantry bench, GantryProcess gantry, String fault, int rounds, Fault inject)
            throws Exception {
        return rounds(bench, gantry, fault, rounds, inject, Load.SUBMISSIONS);
    }

    static String rounds(BenchGantry bench, GantryProcess gantry, String fault, int rounds, Fault inject, Load load)
            throws Exception {
        RestClient user = RestClient.newUser(gantry.port(), "outage");
        String username = user.username();
        Set<String> accepted = ConcurrentHashMap.newKeySet();
        AtomicInteger counter = new AtomicInteger();
        AtomicInteger other5xx = new AtomicInteger();
        // when the newest accepted submission was sent: recovery counts only a submission sent
        // after the fault ended (one sent before it and answered after it says nothing)
        AtomicLong lastAcceptedSent = new AtomicLong();
        AtomicLong lastAccepted = new AtomicLong();
        AtomicBoolean submitting = new AtomicBoolean(true);
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < load.clients(); c++) {
            Thread client = new Thread(() -> {
                while (submitting.get()) {
                    String name = "outage-" + counter.incrementAndGet();
                    try {
                        long sent = System.nanoTime();
                        RestClient.Response response = user.postYaml("/api/v2/jobs", load.job(name, bench.marks));
                        if (response.status() == 202) {
                            accepted.add(name);
                            synchronized (lastAccepted) {
                                if (sent > lastAcceptedSent.get()) {
                                    lastAcceptedSent.set(sent);
                                    lastAccepted.set(System.nanoTime());
                                }
                            }
                        } else if (response.status() >= 500 && response.status() != 503) {
                            other5xx.incrementAndGet();
                            System.out.println("non-503 5xx: " + response);
                        }
                        Thread.sleep(load.pauseMs());
                    } catch (InterruptedException e) {
                        return;
                    } catch (RuntimeException e) {
                        other5xx.incrementAndGet();  // no answer at all: as bad as a 5xx
                        System.out.println("no answer: " + e);
                    }
                }
            });
            client.start();
            clients.add(client);
        }
        List<Double> recoveries = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            Thread.sleep(ThreadLocalRandom.current().nextLong(1000, 4000));
            long ended = inject.inject();
            double recovery;
            if (load.recoveryByEnd()) {
                recovery = HaltBench.untilAnEnd(user, username, HaltBench.ended(user, username), ended);
            } else {
                while (lastAcceptedSent.get() < ended) {
                    Thread.sleep(50);
                }
                synchronized (lastAccepted) {
                    recovery = (lastAccepted.get() - ended) / 1e9;
                }
            }
            recoveries.add(recovery);
            System.out.printf("%s, round %d: %s after %.1f s; %d accepted so far%n", fault, round,
                    load.recoveryByEnd() ? "a job's end recorded" : "accepted again", recovery, accepted.size());
        }
        submitting.set(false);
        for (Thread client : clients) {
            client.join();
        }
        FaultOutcome outcome = FaultOutcome.follow(user, username, accepted, bench.marks);
        return outcome.row(fault, rounds, recoveries, other5xx.get());
    }
}
