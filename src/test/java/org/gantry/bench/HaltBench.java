package org.gantry.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;

/**
 * Fault rounds that halt Gantry at one runtime transition (gantry.test.halt-at: submitted,
 * admitted, launching, running, ending): each round starts Gantry with the hook on the same
 * data directory and submits jobs from two clients until the first task reaching the transition
 * halts it. A last start without the hook follows every accepted job to its end. Prints the
 * fault table's columns per transition; recovery is the time from a halt until the next start
 * recorded a job's end, and a line under each row splits it: the restarted Gantry's own start
 * (from {@code java} until it answers) and the runtime's recovery (from answering until a job's end).
 * A job's end counts when the user has more ended jobs than last seen before the halt (read every
 * 200 ms while that Gantry ran), so an end recorded before the restart answered is counted too;
 * a restart with no job left over from the halt has nothing to recover and is not counted.
 */
final class HaltBench {

    private HaltBench() {
    }

    /** The exit status of a Gantry that {@code gantry.test.halt-at} halted (RuntimeHalts). */
    private static final int HALT_EXIT = 137;

    static final List<String> TRANSITIONS = List.of("submitted", "admitted", "launching", "running", "ending");

    static void run(int rounds) throws Exception {
        List<String> rows = rows(rounds);
        System.out.println(FaultOutcome.HEADER);
        rows.forEach(System.out::println);
    }

    /** One recovery from a halt: the restart's own start, then the runtime until a job's end. */
    private record Recovery(double start, double runtime) {

        double total() {
            return start + runtime;
        }

        @Override
        public String toString() {
            return String.format("%.1f s (start %.1f s, runtime %.1f s)", total(), start, runtime);
        }
    }

    /** The fault table's rows, one per transition. */
    static List<String> rows(int rounds) throws Exception {
        List<String> rows = new ArrayList<>();
        for (String transition : TRANSITIONS) {
            rows.add(run(transition, rounds));
        }
        return rows;
    }

    private static String run(String transition, int rounds) throws Exception {
        BenchGantry halting = new BenchGantry("halt-" + transition, Map.of("gantry.test.halt-at", transition));
        BenchGantry plain = new BenchGantry("halt-" + transition + "-after", Map.of(), halting.dataDir, halting.marks);
        Set<String> accepted = ConcurrentHashMap.newKeySet();
        AtomicInteger counter = new AtomicInteger();
        AtomicInteger other5xx = new AtomicInteger();
        List<Recovery> recoveries = new ArrayList<>();
        String username = null;
        String password = null;
        long haltedAt = -1;
        // the user's ended jobs as last seen before the halt (read every 200 ms while it ran)
        long endedBeforeHalt = 0;
        for (int round = 1; round <= rounds; round++) {
            // work left by the round before may reach the transition before this round's first
            // request, or before Gantry answers at all: the round then ends there
            GantryProcess gantry;
            try {
                gantry = halting.start();
            } catch (IllegalStateException e) {
                if (!String.valueOf(e.getMessage()).startsWith("Gantry exited with " + HALT_EXIT)) {
                    throw e;  // not a halt: a start that failed or did not answer in time
                }
                haltedAt = System.nanoTime();
                System.out.printf("%s round %d: halted before it answered; %d accepted so far%n", transition,
                        round, accepted.size());
                continue;
            }
            long answeredAt = System.nanoTime();
            RestClient user;
            try {
                if (username == null) {
                    RestClient created = RestClient.newUser(gantry.port(), "halt");
                    username = created.username();
                    password = "pw-" + username;
                }
                user = RestClient.anonymous(gantry.port()).login(username, password);
                // measured before this round submits anything, so that only work left at the halt counts
                if (haltedAt > 0) {
                    recover(recoveries, transition + " round " + round, user, username, endedBeforeHalt, haltedAt,
                            answeredAt);
                }
            } catch (RuntimeException e) {
                int code = gantry.awaitExit(Duration.ofMinutes(5));
                haltedAt = System.nanoTime();
                System.out.printf("%s round %d: exit %d before its first submission; %d accepted so far%n",
                        transition, round, code, accepted.size());
                continue;
            }
            List<Thread> clients = new ArrayList<>();
            String owner = username;
            for (int c = 0; c < 2; c++) {
                Thread client = new Thread(() -> {
                    while (true) {
                        String name = "halt-" + counter.incrementAndGet();
                        try {
                            RestClient.Response response = user.postYaml("/api/v2/jobs", BenchGantry.job(name,
                                    "echo run >> " + halting.marks.resolve(name) + "; sleep 0.5"));
                            if (response.status() == 202) {
                                accepted.add(name);
                            } else if (response.status() >= 500 && response.status() != 503) {
                                other5xx.incrementAndGet();
                            }
                            Thread.sleep(200);
                        } catch (RuntimeException | InterruptedException e) {
                            return;  // halted
                        }
                    }
                });
                client.start();
                clients.add(client);
            }
            long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
            while (gantry.isAlive() && System.nanoTime() < deadline) {
                try {
                    endedBeforeHalt = ended(user, username);
                } catch (RuntimeException e) {
                    // halting
                }
                Thread.sleep(200);
            }
            int code = gantry.awaitExit(Duration.ofSeconds(30));
            haltedAt = System.nanoTime();
            for (Thread client : clients) {
                client.join();
            }
            System.out.printf("%s round %d: exit %d; %d accepted so far (%s)%n", transition, round, code,
                    accepted.size(), owner);
        }
        try (GantryProcess last = plain.start()) {
            long answeredAt = System.nanoTime();
            RestClient user = RestClient.anonymous(last.port()).login(username, password);
            recover(recoveries, transition + ", the last start", user, username, endedBeforeHalt, haltedAt, answeredAt);
            FaultOutcome outcome = FaultOutcome.follow(user, username, accepted, halting.marks);
            return outcome.row("halt at " + transition, rounds, recoveries.stream().map(Recovery::total).toList(),
                    other5xx.get()) + "\n" + split(recoveries);
        }
    }

    /**
     * When the restarted Gantry, answering since {@code answeredAt}, found a job left over from the
     * halt: waits for one more end than {@code endedBeforeHalt} and adds and prints the recovery.
     * Its start counts from the halt: the bench starts Gantry again as soon as it exited.
     */
    private static void recover(List<Recovery> recoveries, String label, RestClient user, String username,
            long endedBeforeHalt, long haltedAt, long answeredAt) throws InterruptedException {
        if (!unfinished(user, username, endedBeforeHalt)) {
            return;
        }
        long endedAt = endAfter(user, username, endedBeforeHalt);
        Recovery recovery = new Recovery((answeredAt - haltedAt) / 1e9, (endedAt - answeredAt) / 1e9);
        recoveries.add(recovery);
        System.out.printf("%s: recovered in %s%n", label, recovery);
    }

    private static String split(List<Recovery> recoveries) {
        if (recoveries.isEmpty()) {
            return "    no start found a job left to end";
        }
        return String.format("    of which the restart's start (until it answers) %s s, the runtime's recovery (until"
                + " a job's end) %s s (max/p50)", FaultOutcome.maxAndMedian(recoveries.stream().map(Recovery::start)
                .toList()), FaultOutcome.maxAndMedian(recoveries.stream().map(Recovery::runtime).toList()));
    }

    /** Seconds from {@code since} until the started Gantry recorded one more job end (or halted again). */
    static double untilAnEnd(RestClient user, String username, long before, long since) throws InterruptedException {
        return (endAfter(user, username, before) - since) / 1e9;
    }

    /** When the started Gantry recorded one more job end (or halted again), as System.nanoTime(). */
    static long endAfter(RestClient user, String username, long before) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < end) {
            try {
                if (ended(user, username) > before) {
                    break;
                }
            } catch (RuntimeException e) {
                break;  // halted again: it got that far
            }
            Thread.sleep(100);
        }
        return System.nanoTime();
    }

    /**
     * Whether the user has a job that has not ended ({@code ended} of them have): a start with
     * none has nothing to recover, and waiting for an end there would only measure the wait.
     */
    static boolean unfinished(RestClient user, String username, long ended) {
        return user.get("/api/v2/jobs?username=" + username + "&limit=1&withTotalCount=true").json()
                .path("totalCount").asLong() > ended;
    }

    static long ended(RestClient user, String username) {
        return user.get("/api/v2/jobs?username=" + username + "&state=SUCCEEDED,FAILED,STOPPED&limit=1"
                + "&withTotalCount=true").json().path("totalCount").asLong();
    }
}
