package org.gantry.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;

/**
 * Rounds of: start Gantry on the same data dir, submit a burst of jobs from four clients,
 * SIGKILL Gantry at a random moment of the burst. Then a last start follows every accepted
 * job (HTTP 202) to its end. Each task appends a line to its own mark file, so a task that ran
 * twice shows two lines. Prints accepted, finished, lost (must be 0) and run-twice (must be 0).
 */
final class FaultBench {

    private FaultBench() {
    }

    static void run(int rounds) throws Exception {
        String row = row(rounds);
        System.out.println(FaultOutcome.HEADER);
        System.out.println(row);
    }

    /**
     * The fault table's row of the rounds; recovery is the time from a kill until the next start
     * recorded a job's end (as {@link HaltBench}).
     */
    static String row(int rounds) throws Exception {
        BenchGantry bench = new BenchGantry("fault", Map.of());
        Set<String> accepted = ConcurrentHashMap.newKeySet();
        AtomicInteger counter = new AtomicInteger();
        AtomicInteger other5xx = new AtomicInteger();
        List<Double> recoveries = new ArrayList<>();
        long killedAt = -1;
        String username;
        String password;
        try (GantryProcess first = bench.start()) {
            RestClient user = RestClient.newUser(first.port(), "fault");
            username = user.username();
            password = "pw-" + username;
            first.kill9();
        }
        for (int round = 1; round <= rounds; round++) {
            GantryProcess gantry = bench.start();
            RestClient user = RestClient.anonymous(gantry.port()).login(username, password);
            AtomicBoolean alive = new AtomicBoolean(true);
            List<Thread> clients = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                Thread client = new Thread(() -> {
                    while (alive.get()) {
                        String name = "fault-" + counter.incrementAndGet();
                        try {
                            RestClient.Response response = user.postYaml("/api/v2/jobs", BenchGantry.job(name,
                                    "echo run >> " + bench.marks.resolve(name) + "; sleep 0.1"));
                            if (response.status() == 202) {
                                accepted.add(name);
                            } else if (response.status() >= 500 && response.status() != 503) {
                                other5xx.incrementAndGet();
                            }
                        } catch (RuntimeException e) {
                            return;  // Gantry is gone
                        }
                    }
                });
                client.start();
                clients.add(client);
            }
            if (killedAt > 0) {
                recoveries.add(HaltBench.untilAnEnd(user, username, HaltBench.ended(user, username), killedAt));
            }
            Thread.sleep(ThreadLocalRandom.current().nextLong(1000, 5000));
            gantry.kill9();
            killedAt = System.nanoTime();
            alive.set(false);
            for (Thread client : clients) {
                client.join();
            }
            System.out.printf("round %d: killed pid %d; %d jobs accepted so far%n", round, gantry.pid(),
                    accepted.size());
        }
        FaultOutcome outcome;
        try (GantryProcess last = bench.start()) {
            RestClient user = RestClient.anonymous(last.port()).login(username, password);
            recoveries.add(HaltBench.untilAnEnd(user, username, HaltBench.ended(user, username), killedAt));
            outcome = FaultOutcome.follow(user, username, accepted, bench.marks);
        }
        System.out.printf("fault run, %d rounds of kill -9 during a submission burst: accepted %d, finished %d,"
                + " lost %d, run-twice %d (succeeded without running: %d)%n", rounds, outcome.accepted(),
                outcome.finished(), outcome.lost(), outcome.runTwice(), outcome.neverRan());
        return outcome.row("kill -9 of Gantry at a random moment", rounds, recoveries, other5xx.get());
    }
}
