package org.gantry.runtime;

import java.util.Objects;

/**
 * A serializable reference to one launched attempt, persisted in the database right after
 * launch so that a restarted Gantry can observe, stop and read the logs of the attempt again.
 * It holds no live resources: an executor must accept a handle created by another process.
 *
 * @param executor   the executor kind that launched it: {@code local}, {@code ssh} or {@code slurm}
 * @param target     the executor's target: empty for local, the SSH host alias, or the Slurm
 *                   target ({@code partition} or {@code alias:partition})
 * @param externalId how the executor finds the attempt: {@code pid:starttime} of the task's
 *                   runner for local and ssh, the Slurm job id for slurm
 * @param workDir    the attempt's directory on the machine that runs it
 */
public record ExecutionHandle(String executor, String target, String externalId, String workDir) {

    public ExecutionHandle {
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(externalId, "externalId");
        Objects.requireNonNull(workDir, "workDir");
    }

    @Override
    public String toString() {
        return executor + (target.isEmpty() ? "" : "[" + target + "]") + ":" + externalId;
    }
}
