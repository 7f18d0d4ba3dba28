package org.gantry.runtime;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Decides which waiting jobs start now: in submission order, a job's waiting tasks start
 * together (OpenPAI's gang allocation) when they fit both the free capacity of the pool that
 * runs them and the free quota of their virtual cluster.
 *
 * <p>Order is kept strictly within a pool (a job that does not fit blocks later ones there, so
 * that a big job is not starved by small ones) and within a virtual cluster; a job waiting for
 * its virtual cluster's quota does not hold up other clusters' jobs. A pool without a capacity
 * (an SSH host, a Slurm partition, which queues on its own) admits by quota alone.
 */
public final class CapacityQueue {

    /**
     * Positions up to this are told exactly; later ones read "over …": their reason's text stays
     * the same while the queue advances, so a long queue does not rewrite every waiting task's
     * reason on every pass.
     */
    static final int EXACT_POSITIONS = 100;

    private CapacityQueue() {
    }

    /**
     * One job's waiting tasks.
     *
     * @param jobId          the job
     * @param virtualCluster its virtual cluster
     * @param pool           what runs it: {@code local}, or an executor and target
     * @param need           the sum of its waiting tasks' resources
     */
    public record Demand(long jobId, String virtualCluster, String pool, Resources need) {
    }

    /** What to start now, and why each other job waits. */
    public record Decision(Set<Long> admitted, Map<Long, String> waitReasons) {
    }

    /**
     * @param waiting   waiting jobs, oldest first
     * @param capacity  pool → its total capacity; pools not in the map are unlimited
     * @param poolUsed  pool → resources of its running tasks
     * @param quota     virtual cluster → quota; clusters not in the map are unlimited. A quota
     *                  dimension of {@link Integer#MAX_VALUE} is unlimited
     * @param quotaUsed virtual cluster → resources of its running tasks
     */
    public static Decision decide(List<Demand> waiting, Map<String, Resources> capacity,
                                  Map<String, Resources> poolUsed, Map<String, Resources> quota,
                                  Map<String, Resources> quotaUsed) {
        Map<String, Resources> poolFree = new HashMap<>();
        capacity.forEach((pool, total) -> poolFree.put(pool, total.minus(poolUsed.getOrDefault(pool, Resources.NONE))));
        Map<String, Resources> quotaFree = new HashMap<>();
        quota.forEach((vc, total) -> quotaFree.put(vc, total.minus(quotaUsed.getOrDefault(vc, Resources.NONE))));
        Set<String> blockedPools = new HashSet<>();
        Set<String> blockedClusters = new HashSet<>();
        Map<String, Integer> positions = new HashMap<>();
        Set<Long> admitted = new HashSet<>();
        Map<Long, String> reasons = new LinkedHashMap<>();
        for (Demand demand : waiting) {
            int position = positions.merge(demand.pool(), 1, Integer::sum);
            Optional<Resources> free = Optional.ofNullable(poolFree.get(demand.pool()));
            Optional<Resources> freeQuota = Optional.ofNullable(quotaFree.get(demand.virtualCluster()));
            if (capacity.containsKey(demand.pool()) && !capacity.get(demand.pool()).fits(demand.need())) {
                reasons.put(demand.jobId(), "needs " + shortfall(demand.need(), capacity.get(demand.pool()))
                        + " of the node's total; it can never start here");
                continue;  // an impossible job must not block the queue forever
            }
            if (blockedPools.contains(demand.pool())) {
                reasons.put(demand.jobId(), position(position));
            } else if (blockedClusters.contains(demand.virtualCluster())) {
                reasons.put(demand.jobId(), "behind earlier jobs of virtual cluster " + demand.virtualCluster());
            } else if (freeQuota.isPresent() && !freeQuota.get().fits(demand.need())) {
                reasons.put(demand.jobId(), "virtual cluster " + demand.virtualCluster() + " quota: needs "
                        + shortfall(demand.need(), freeQuota.get()));
                blockedClusters.add(demand.virtualCluster());
            } else if (free.isPresent() && !free.get().fits(demand.need())) {
                reasons.put(demand.jobId(), "needs " + shortfall(demand.need(), free.get())
                        + "; " + position(position));
                blockedPools.add(demand.pool());
            } else {
                admitted.add(demand.jobId());
                free.ifPresent(f -> poolFree.put(demand.pool(), f.minus(demand.need())));
                freeQuota.ifPresent(f -> quotaFree.put(demand.virtualCluster(), f.minus(demand.need())));
                positions.merge(demand.pool(), -1, Integer::sum);
            }
        }
        return new Decision(admitted, reasons);
    }

    private static String position(int position) {
        return position <= EXACT_POSITIONS ? "position " + position + " in queue"
                : "position over " + EXACT_POSITIONS + " in queue";
    }

    /** "4 cpu, 1 free" for each dimension that does not fit, joined with "; ". */
    static String shortfall(Resources need, Resources free) {
        StringBuilder text = new StringBuilder();
        append(text, need.cpu(), free.cpu(), "cpu");
        append(text, need.memoryMB(), free.memoryMB(), "MB memory");
        append(text, need.gpu(), free.gpu(), "gpu");
        return text.toString();
    }

    private static void append(StringBuilder text, int need, int free, String unit) {
        if (need > free) {
            if (!text.isEmpty()) {
                text.append("; ");
            }
            text.append(need).append(' ').append(unit).append(", ").append(free).append(" free");
        }
    }
}
