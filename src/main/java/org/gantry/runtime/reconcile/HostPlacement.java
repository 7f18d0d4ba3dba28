package org.gantry.runtime.reconcile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.runtime.Resources;

/**
 * Places a job's waiting tasks on the hosts of their virtual cluster (decision 0094): first fit.
 * Each task, in the job's role and index order, goes to the first host in the cluster's order
 * that takes new tasks and has free the cpu, memory and gpu the task asks for; free is the
 * measured capacity less what runs there now (for any virtual cluster) and less what this job's
 * earlier tasks were just given there. A host whose capacity is unknown takes any task. A job's
 * tasks start together: when one of them finds no host, none is placed and the job waits.
 */
final class HostPlacement {

    private HostPlacement() {
    }

    /**
     * One host as admission sees it in this pass.
     *
     * @param target      the host's own target (its SSH alias)
     * @param capacity    measured; empty when unknown
     * @param used        what the attempts not ended there take
     * @param unavailable why it takes no new task (draining, not registered, unreachable this pass)
     */
    record Host(String target, Optional<Resources> capacity, Resources used, Optional<String> unavailable) {
    }

    sealed interface Outcome permits Placed, Waits {
    }

    /** The host of each task, in the order the tasks were given. */
    record Placed(List<String> targets) implements Outcome {
    }

    /**
     * Nothing placed.
     *
     * @param never true when no host of the cluster, even once free and back, could hold one of
     *              the tasks
     */
    record Waits(String reason, boolean never) implements Outcome {

        /** Whether it waits for room on a host, which a later job of its cluster must not take first. */
        boolean forRoom() {
            return !never && !reason.startsWith(UNAVAILABLE);
        }
    }

    private static final String UNAVAILABLE = "executor unavailable: ";

    /** What the given attempts of an executor take, by the target (host) each was placed on. */
    static Map<String, Resources> usedByTarget(List<TaskAttempt> attempts, String executor) {
        Map<String, Resources> used = new HashMap<>();
        attempts.stream().filter(a -> a.getExecutor().equals(executor))
                .forEach(a -> used.merge(a.getTarget(), a.resources(), Resources::plus));
        return used;
    }

    static Outcome place(List<Host> hosts, List<Resources> tasks) {
        List<Host> open = hosts.stream().filter(h -> h.unavailable().isEmpty()).toList();
        if (open.isEmpty()) {
            return new Waits(UNAVAILABLE + (hosts.isEmpty() ? "the virtual cluster names no SSH host"
                    : String.join("; ", hosts.stream().map(h -> h.unavailable().orElseThrow()).toList())), false);
        }
        Map<String, Resources> given = new LinkedHashMap<>();
        List<String> targets = new ArrayList<>();
        for (Resources task : tasks) {
            Optional<Host> host = open.stream().filter(h -> free(h, given).map(f -> f.fits(task)).orElse(true))
                    .findFirst();
            if (host.isEmpty()) {
                return waits(hosts, given, task, tasks.size());
            }
            targets.add(host.get().target());
            given.merge(host.get().target(), task, Resources::plus);
        }
        return new Placed(targets);
    }

    /** Free on the host after what this job was given there; empty when its capacity is unknown. */
    private static Optional<Resources> free(Host host, Map<String, Resources> given) {
        return host.capacity().map(c -> c.minus(host.used()).minus(given.getOrDefault(host.target(), Resources.NONE)));
    }

    private static Waits waits(List<Host> hosts, Map<String, Resources> given, Resources task, int tasks) {
        String need = "needs " + task + " on one SSH host";
        boolean never = hosts.stream().allMatch(h -> h.capacity().isPresent() && !h.capacity().get().fits(task));
        List<String> state = new ArrayList<>();
        for (Host host : hosts) {
            if (never) {
                state.add(host.target() + " has " + host.capacity().orElseThrow());
            } else {
                state.add(host.unavailable().map(why -> host.target() + ": " + why)
                        .orElseGet(() -> host.target() + " " + free(host, given).orElseThrow() + " free"));
            }
        }
        String together = tasks > 1 ? " (its job's " + tasks + " waiting tasks start together)" : "";
        return never ? new Waits(need + together + "; it can never start here: " + String.join("; ", state), true)
                : new Waits(need + together + "; " + String.join("; ", state), false);
    }
}
