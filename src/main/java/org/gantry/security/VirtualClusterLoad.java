package org.gantry.security;

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
     * The capacity of the machine the cluster's executor runs tasks on, when Gantry knows it:
     * the local executor's configured (or detected) capacity; empty for ssh and slurm, whose
     * hosts are not measured.
     */
    Optional<Amount> capacity(VirtualCluster cluster);

    /** What the tasks launched and not yet ended take, by virtual cluster name; absent names use nothing. */
    Map<String, Amount> used();
}
