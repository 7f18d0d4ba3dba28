package org.gantry.runtime.reconcile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.gantry.runtime.Resources;

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
final class CapacityQueue {

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
     * @param tasks          how many tasks wait
     */
    public record Demand(long jobId, String virtualCluster, String pool, Resources need, int tasks) {

        public Demand(long jobId, String virtualCluster, String pool, Resources need) {
            this(jobId, virtualCluster, pool, need, 1);
        }
    }

    /**
     * What to start now, and why each other job waits: as the job's reason, and as one of its
     * tasks' reason, which speaks of what that task needs (given its resources).
     */
    public record Decision(Set<Long> admitted, Map<Long, String> waitReasons,
                           Map<Long, Function<Resources, String>> taskReasons) {

        /** Why a task of a waiting job, needing {@code need}, waits. */
        public String taskReason(long jobId, Resources need) {
            return taskReasons.getOrDefault(jobId, n -> waitReasons.get(jobId)).apply(need);
        }
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
        Map<Long, Function<Resources, String>> taskReasons = new HashMap<>();
        for (Demand demand : waiting) {
            int position = positions.merge(demand.pool(), 1, Integer::sum);
            Optional<Resources> free = Optional.ofNullable(poolFree.get(demand.pool()));
            Optional<Resources> freeQuota = Optional.ofNullable(quotaFree.get(demand.virtualCluster()));
            if (capacity.containsKey(demand.pool()) && !capacity.get(demand.pool()).fits(demand.need())) {
                Resources total = capacity.get(demand.pool());
                reasons.put(demand.jobId(), "needs " + shortfall(demand.need(), total)
                        + " of the node's total; it can never start here");
                taskReasons.put(demand.jobId(), task -> "needs " + beyond(task, demand.need(), total)
                        + together(demand) + "; it can never start here");
                continue;  // an impossible job must not block the queue forever
            }
            if (blockedPools.contains(demand.pool())) {
                reasons.put(demand.jobId(), position(position));
            } else if (blockedClusters.contains(demand.virtualCluster())) {
                reasons.put(demand.jobId(), "behind earlier jobs of virtual cluster " + demand.virtualCluster());
            } else if (freeQuota.isPresent() && !freeQuota.get().fits(demand.need())) {
                Resources quotaLeft = freeQuota.get();
                String prefix = "virtual cluster " + demand.virtualCluster() + " quota: needs ";
                reasons.put(demand.jobId(), prefix + shortfall(demand.need(), quotaLeft));
                taskReasons.put(demand.jobId(), task -> prefix + shortfall(task, demand.need(), quotaLeft,
                        quota.get(demand.virtualCluster())) + together(demand));
                blockedClusters.add(demand.virtualCluster());
            } else if (free.isPresent() && !free.get().fits(demand.need())) {
                Resources poolLeft = free.get();
                String queued = position(position);
                reasons.put(demand.jobId(), "needs " + shortfall(demand.need(), poolLeft) + "; " + queued);
                taskReasons.put(demand.jobId(), task -> "needs " + shortfall(task, demand.need(), poolLeft,
                        capacity.get(demand.pool())) + together(demand) + "; " + queued);
                blockedPools.add(demand.pool());
            } else {
                admitted.add(demand.jobId());
                free.ifPresent(f -> poolFree.put(demand.pool(), f.minus(demand.need())));
                freeQuota.ifPresent(f -> quotaFree.put(demand.virtualCluster(), f.minus(demand.need())));
                positions.merge(demand.pool(), -1, Integer::sum);
            }
        }
        return new Decision(admitted, reasons, taskReasons);
    }

    /** How the job's need relates to its task's, when the task is one of several starting together. */
    private static String together(Demand demand) {
        return demand.tasks() <= 1 ? "" : " (its job's " + demand.tasks() + " waiting tasks start together and"
                + " need " + shortfallDimensions(demand.need()) + ")";
    }

    private static String shortfallDimensions(Resources need) {
        List<String> parts = new ArrayList<>();
        if (need.cpu() > 0) {
            parts.add(need.cpu() + " cpu");
        }
        if (need.memoryMB() > 0) {
            parts.add(need.memoryMB() + " MB memory");
        }
        if (need.gpu() > 0) {
            parts.add(need.gpu() + " gpu");
        }
        return String.join(", ", parts);
    }

    /** "1 cpu of the node's 2" for each dimension the job's tasks together need more of than the node has. */
    private static String beyond(Resources task, Resources jobNeed, Resources total) {
        List<String> parts = new ArrayList<>();
        if (jobNeed.cpu() > total.cpu()) {
            parts.add(task.cpu() + " cpu of the node's " + total.cpu());
        }
        if (jobNeed.memoryMB() > total.memoryMB()) {
            parts.add(task.memoryMB() + " MB memory of the node's " + total.memoryMB());
        }
        if (jobNeed.gpu() > total.gpu()) {
            parts.add(task.gpu() + " gpu of the node's " + total.gpu());
        }
        return String.join("; ", parts);
    }

    /**
     * "1 cpu, 0 of 2 free" for each dimension where the job's tasks together do not fit,
     * stating what one task needs of it.
     */
    static String shortfall(Resources task, Resources jobNeed, Resources free, Resources total) {
        StringBuilder text = new StringBuilder();
        append(text, task.cpu(), jobNeed.cpu(), free.cpu(), total.cpu(), "cpu");
        append(text, task.memoryMB(), jobNeed.memoryMB(), free.memoryMB(), total.memoryMB(), "MB memory");
        append(text, task.gpu(), jobNeed.gpu(), free.gpu(), total.gpu(), "gpu");
        return text.toString();
    }

    private static void append(StringBuilder text, int task, int jobNeed, int free, int total, String unit) {
        if (jobNeed > free) {
            if (!text.isEmpty()) {
                text.append("; ");
            }
            text.append(task).append(' ').append(unit).append(", ").append(free);
            if (total != Integer.MAX_VALUE) {
                text.append(" of ").append(total);
            }
            text.append(" free");
        }
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
