package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.TaskRole;
import org.gantry.job.protocol.TaskRole.ResourcePerInstance;

/**
 * The most a virtual cluster's executor can ever give: its largest node. A job asking for
 * more can never start there, as Slurm's {@code sbatch} refuses "Requested node configuration
 * is not available"; the submission refuses it and the linter reports it.
 *
 * @param where     the executor and its target, as people read it ({@code local}, {@code slurm:batch})
 * @param cpu       cores of the largest node
 * @param memoryMB  memory of the largest node in MiB
 * @param gpu       GPUs of the largest node
 * @param wholeJob  whether all of a job's tasks run on that one node at once (the local
 *                  executor's gang admission): then their sum must fit, not only each task
 */
public record NodeCapacity(String where, int cpu, int memoryMB, int gpu, boolean wholeJob) {

    /** A resource a job asks for more of than the node has. */
    public record Misfit(String role, String field, String message) {

        /** The field that asks too much, as a problem's path names it. */
        public String path() {
            return "taskRoles." + role + ".resourcePerInstance." + field;
        }
    }

    private record Resource(String field, String unit, ToIntFunction<ResourcePerInstance> perTask,
                            ToIntFunction<NodeCapacity> available) {
    }

    private static final List<Resource> RESOURCES = List.of(
            new Resource("cpu", "cpu", ResourcePerInstance::cpu, NodeCapacity::cpu),
            new Resource("memoryMB", "MB memory", ResourcePerInstance::memoryMB, NodeCapacity::memoryMB),
            new Resource("gpu", "gpu", ResourcePerInstance::gpu, NodeCapacity::gpu));

    /** What of {@code spec} can never fit, on the field of the role that asks for it; empty when it fits. */
    public List<Misfit> misfits(JobSpec spec, String virtualCluster) {
        List<Misfit> misfits = new ArrayList<>();
        for (Resource resource : RESOURCES) {
            int available = resource.available().applyAsInt(this);
            long total = 0;
            StringBuilder parts = new StringBuilder();
            String firstAsking = null;
            boolean oneTooLarge = false;
            for (TaskRole role : spec.taskRoles().values()) {
                int perTask = resource.perTask().applyAsInt(role.resourcePerInstance());
                if (perTask > available) {
                    misfits.add(new Misfit(role.name(), resource.field(), "a task of " + role.name() + " needs "
                            + perTask + " " + resource.unit() + " but the largest node of virtual cluster "
                            + virtualCluster + " (" + where + ") has " + available + ": the requested node"
                            + " configuration is not available"));
                    oneTooLarge = true;
                } else if (perTask > 0) {
                    total += (long) perTask * role.instances();
                    parts.append(parts.isEmpty() ? "" : " + ").append(role.name()).append(": ")
                            .append(role.instances()).append(" × ").append(perTask);
                    firstAsking = firstAsking == null ? role.name() : firstAsking;
                }
            }
            if (wholeJob && !oneTooLarge && total > available && firstAsking != null) {
                misfits.add(new Misfit(firstAsking, resource.field(), "the job's tasks start together on one node and"
                        + " need " + total + " " + resource.unit() + " at once (" + parts + ") but virtual cluster "
                        + virtualCluster + " (" + where + ") has " + available + ": the requested node configuration"
                        + " is not available"));
            }
        }
        return misfits;
    }
}
