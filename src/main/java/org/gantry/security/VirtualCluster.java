package org.gantry.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.util.Arrays;
import java.util.List;
import org.gantry.base.domain.AbstractEntity;

/**
 * A queue that groups may submit to (OpenPAI's virtual cluster), with its quota and the
 * executor that runs its tasks.
 */
@Entity
@Table(name = "virtual_cluster")
public class VirtualCluster extends AbstractEntity {

    public static final int NAME_MAX = 64;
    public static final String NAME_PATTERN = "[A-Za-z0-9_-]{1,64}";

    @Column(nullable = false, unique = true, length = NAME_MAX)
    private String name;

    @Column(nullable = false, length = 1024)
    private String description = "";

    /** Executor kind serving this cluster: local, ssh or slurm. */
    @Column(nullable = false, length = 16)
    private String executor = "local";

    public static final int TARGET_MAX = 8192;

    /**
     * Executor target: the SSH host aliases, comma-separated in the order tasks fill them
     * (decision 0094); a Slurm partition; empty for local.
     */
    @Column(name = "executor_target", nullable = false, length = TARGET_MAX)
    private String executorTarget = "";

    @Column(name = "cpu_quota")
    private Integer cpuQuota;

    @Column(name = "memory_mb_quota")
    private Integer memoryMbQuota;

    @Column(name = "gpu_quota")
    private Integer gpuQuota;

    protected VirtualCluster() {
    }

    public VirtualCluster(String name, String description) {
        this.name = name;
        this.description = description;
    }

    public String getName() {
        return name;
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public String getExecutor() {
        return executor;
    }

    public void setExecutor(String executor) {
        this.executor = executor;
    }

    public String getExecutorTarget() {
        return executorTarget;
    }

    /**
     * The SSH host aliases of an ssh cluster, in order; for other executors their one target, if
     * any (a Slurm target may hold commas of its own: several partitions).
     */
    public List<String> targets() {
        return targets(executor, executorTarget);
    }

    /** The same for an executor and its target as stored (what {@link #targets()} reads). */
    public static List<String> targets(String executor, String executorTarget) {
        if (!"ssh".equals(executor)) {
            return executorTarget.isEmpty() ? List.of() : List.of(executorTarget);
        }
        return Arrays.stream(executorTarget.split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
    }

    public void setExecutorTarget(String executorTarget) {
        this.executorTarget = executorTarget;
    }

    public Integer getCpuQuota() {
        return cpuQuota;
    }

    public void setCpuQuota(Integer cpuQuota) {
        this.cpuQuota = cpuQuota;
    }

    public Integer getMemoryMbQuota() {
        return memoryMbQuota;
    }

    public void setMemoryMbQuota(Integer memoryMbQuota) {
        this.memoryMbQuota = memoryMbQuota;
    }

    public Integer getGpuQuota() {
        return gpuQuota;
    }

    public void setGpuQuota(Integer gpuQuota) {
        this.gpuQuota = gpuQuota;
    }
}
