package org.gantry.bench;

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
                new ProcessBuilder("kill", "-9", Long.toString(postmaster)).inheritIO().start().waitFor();
                return System.nanoTime();
            });
        }
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

    private static String rounds(BenchGantry bench, GantryProcess gantry, String fault, int rounds, Fault inject)
            throws Exception {
        RestClient user = RestClient.newUser(gantry.port(), "outage");
        String username = user.username();
        Set<String> accepted = ConcurrentHashMap.newKeySet();
        AtomicInteger counter = new AtomicInteger();
        AtomicInteger other5xx = new AtomicInteger();
        AtomicLong lastAccepted = new AtomicLong();
        AtomicBoolean submitting = new AtomicBoolean(true);
        List<Thread> clients = new ArrayList<>();
        for (int c = 0; c < 3; c++) {
            Thread client = new Thread(() -> {
                while (submitting.get()) {
                    String name = "outage-" + counter.incrementAndGet();
                    try {
                        RestClient.Response response = user.postYaml("/api/v2/jobs", BenchGantry.job(name,
                                "echo run >> " + bench.marks.resolve(name) + "; sleep 0.1"));
                        if (response.status() == 202) {
                            accepted.add(name);
                            lastAccepted.set(System.nanoTime());
                        } else if (response.status() >= 500 && response.status() != 503) {
                            other5xx.incrementAndGet();
                            System.out.println("non-503 5xx: " + response);
                        }
                        Thread.sleep(100);
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
            while (lastAccepted.get() < ended) {
                Thread.sleep(50);
            }
            double recovery = (lastAccepted.get() - ended) / 1e9;
            recoveries.add(recovery);
            System.out.printf("%s, round %d: accepted again after %.1f s; %d accepted so far%n", fault, round,
                    recovery, accepted.size());
        }
        submitting.set(false);
        for (Thread client : clients) {
            client.join();
        }
        FaultOutcome outcome = FaultOutcome.follow(user, username, accepted, bench.marks);
        return outcome.row(fault, rounds, recoveries, other5xx.get());
    }
}
