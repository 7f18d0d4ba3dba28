package org.gantry.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.gantry.testsupport.RestClient;

/**
 * What became of the jobs a fault run accepted, in the fault table's columns: each followed to
 * its end (lost when it has not ended while no job at all ended for five minutes); a task that
 * appended two lines to its mark file ran twice; one that SUCCEEDED without a line never ran;
 * failed counts the finished ones that ended FAILED (the bench's tasks never fail by themselves).
 */
record FaultOutcome(int accepted, int finished, int lost, int runTwice, int neverRan, int failed) {

    static final String HEADER = String.format("%-44s %6s %8s %8s %5s %9s %6s %16s %13s", "fault", "rounds",
            "accepted", "finished", "lost", "run twice", "failed", "recovery s max/p50", "non-503 5xx");

    private static final Duration STUCK = Duration.ofMinutes(5);

    static FaultOutcome follow(RestClient user, String username, Collection<String> accepted, Path marks)
            throws Exception {
        List<String> ordered = new ArrayList<>(accepted);
        ordered.sort(Comparator.comparingInt(n -> Integer.parseInt(n.substring(n.lastIndexOf('-') + 1))));
        int finished = 0;
        int lost = 0;
        int runTwice = 0;
        int neverRan = 0;
        int failed = 0;
        long progressAt = System.nanoTime();
        long lastEnded = -1;
        for (String name : ordered) {
            String state = BenchGantry.state(user, username, name + "?wait=30");
            while (!BenchGantry.isFinal(state) && !state.startsWith("HTTP")) {
                long ended = HaltBench.ended(user, username);
                if (ended > lastEnded) {
                    lastEnded = ended;
                    progressAt = System.nanoTime();
                } else if (System.nanoTime() - progressAt > STUCK.toNanos()) {
                    break;
                }
                state = BenchGantry.state(user, username, name + "?wait=30");
            }
            if (!BenchGantry.isFinal(state)) {
                lost++;
                System.out.println("lost: " + name + " (" + state + ")");
                continue;
            }
            finished++;
            if (state.equals("FAILED")) {
                failed++;
                System.out.println("failed: " + name);
            }
            Path mark = marks.resolve(name);
            int runs = Files.exists(mark) ? Files.readAllLines(mark).size() : 0;
            if (runs > 1) {
                runTwice++;
                System.out.println("ran " + runs + " times: " + name);
            }
            if (runs == 0 && state.equals("SUCCEEDED")) {
                neverRan++;
            }
        }
        return new FaultOutcome(accepted.size(), finished, lost, runTwice, neverRan, failed);
    }

    String row(String fault, int rounds, List<Double> recoveries, int other5xx) {
        return String.format("%-44s %6d %8d %8d %5d %9d %6d %16s %13d", fault, rounds, accepted, finished, lost,
                runTwice, failed, maxAndMedian(recoveries), other5xx);
    }

    /** "max/p50" of the values with one decimal each, or "-" when there are none. */
    static String maxAndMedian(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return sorted.isEmpty() ? "-" : String.format("%.1f/%.1f", sorted.get(sorted.size() - 1),
                sorted.get(sorted.size() / 2));
    }
}
