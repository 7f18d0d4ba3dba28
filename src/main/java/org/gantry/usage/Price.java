package org.gantry.usage;

import java.time.Instant;

/**
 * What an hour of each resource costs on a virtual cluster from {@code effectiveFrom} until
 * the cluster's next price, in integer minor units (cents). A charge is Slurm's billing with
 * {@code TRESBillingWeights=CPU=cpuHour,GRES/gpu=gpuHour,Mem=memoryGbHour}: the weighted sum
 * of the requested resources, times the hours run.
 */
public record Price(String virtualCluster, Instant effectiveFrom, long cpuHourMinor, long gpuHourMinor,
                    long memoryGbHourMinor) {

    public static final int VIRTUAL_CLUSTER_MAX = 64;
}
