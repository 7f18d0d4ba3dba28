package org.gantry.security;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a virtual cluster's executor can hold and what its tasks use now. The runtime provides
 * it; without a runtime there is none, and views and the REST API show quotas only.
 */
public interface VirtualClusterLoad {

    /** An amount of resources, as a job's {@code resourcePerInstance} counts them. */
    record Amount(int cpu, int memoryMb, int gpu) {

        public static final Amount NONE = new Amount(0, 0, 0);
    }

    /**
     * One SSH host of a cluster (decision 0094).
     *
     * @param name        its alias
     * @param capacity    as measured when it was registered; empty when unknown
     * @param used        what the tasks placed there and not ended take, of any virtual cluster
     * @param unavailable why it takes no new task (draining, not registered); empty when it does
     */
    record HostLoad(String name, Optional<Amount> capacity, Amount used, Optional<String> unavailable) {
    }

    /**
     * The capacity of the machines the cluster's executor runs tasks on, when Gantry knows it:
     * the local executor's configured (or detected) capacity, the sum of its SSH hosts' measured
     * ones when every host was measured; empty otherwise and for slurm.
     */
    Optional<Amount> capacity(VirtualCluster cluster);

    /** The cluster's SSH hosts in the order tasks fill them; none for other executors. */
    default List<HostLoad> hosts(VirtualCluster cluster) {
        return List.of();
    }

    /**
     * The SSH hosts of each of the clusters, by cluster name, from one read of what runs: for a
     * page listing them all (clusters without hosts are left out).
     */
    default Map<String, List<HostLoad>> hosts(Collection<VirtualCluster> clusters) {
        Map<String, List<HostLoad>> hosts = new java.util.LinkedHashMap<>();
        clusters.forEach(cluster -> {
            List<HostLoad> of = hosts(cluster);
            if (!of.isEmpty()) {
                hosts.put(cluster.getName(), of);
            }
        });
        return hosts;
    }

    /** What the tasks launched and not yet ended take, by virtual cluster name; absent names use nothing. */
    Map<String, Amount> used();
}
