package org.gantry.job.lint;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.ToIntFunction;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.LintContext.Quota;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.TaskRole;
import org.gantry.job.protocol.TaskRole.ResourcePerInstance;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * Resources beyond the virtual cluster's quota: all of a job's tasks are admitted together,
 * so a job whose tasks need more CPU, memory or GPUs at once than its virtual cluster may
 * use would wait forever. Also resources beyond the cluster's largest node: such a job could
 * never start there, and its submission is refused ({@link NodeCapacity}). Reported on the
 * field that asks too much.
 */
final class QuotaRule implements LintRule {

    static final String CODE = "over-quota";
    static final String CAPACITY_CODE = "beyond-capacity";

    private record Resource(String field, String unit, ToIntFunction<ResourcePerInstance> perTask,
                            Function<Quota, OptionalInt> limit) {
    }

    private static final Resource[] RESOURCES = {
        new Resource("cpu", "CPUs", ResourcePerInstance::cpu, Quota::cpu),
        new Resource("memoryMB", "MB of memory", ResourcePerInstance::memoryMB, Quota::memoryMB),
        new Resource("gpu", "GPUs", ResourcePerInstance::gpu, Quota::gpu)};

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        Optional<JobSpec> spec = document.parsed().spec();
        if (spec.isEmpty() || document.root().isEmpty()) {
            return;
        }
        String cluster = spec.get().defaults().virtualCluster().orElse(context.defaultVirtualCluster());
        Node root = document.root().get();
        Quota quota = context.quotas().get(cluster);
        for (Resource resource : RESOURCES) {
            OptionalInt limit = quota == null ? OptionalInt.empty() : resource.limit().apply(quota);
            if (limit.isPresent()) {
                check(spec.get().taskRoles(), root, cluster, resource, limit.getAsInt(), findings);
            }
        }
        NodeCapacity capacity = context.capacities().get(cluster);
        if (capacity != null) {
            for (NodeCapacity.Misfit misfit : capacity.misfits(spec.get(), cluster)) {
                findings.atNode(fieldNode(root, misfit.role(), misfit.field()), Severity.ERROR, CAPACITY_CODE,
                        misfit.message());
            }
        }
    }

    private static void check(Map<String, TaskRole> roles, Node root, String cluster, Resource resource, int limit,
                              Findings findings) {
        long total = 0;
        StringBuilder parts = new StringBuilder();
        Optional<Node> firstAsking = Optional.empty();
        for (TaskRole role : roles.values()) {
            int perTask = resource.perTask().applyAsInt(role.resourcePerInstance());
            Node at = fieldNode(root, role.name(), resource.field());
            if (perTask > limit) {
                findings.atNode(at, Severity.ERROR, CODE, "one task of `" + role.name() + "` asks for " + perTask + " "
                        + resource.unit() + ", more than virtual cluster `" + cluster + "` allows (" + limit
                        + "): the job would wait forever");
                return;
            }
            if (perTask > 0) {
                total += (long) perTask * role.instances();
                parts.append(parts.length() == 0 ? "" : " + ").append(role.name()).append(": ")
                        .append(role.instances()).append(" × ").append(perTask);
                firstAsking = firstAsking.or(() -> Optional.of(at));
            }
        }
        if (total > limit && firstAsking.isPresent()) {
            findings.atNode(firstAsking.get(), Severity.ERROR, CODE, "the job's tasks start together and need "
                    + total + " " + resource.unit() + " at once (" + parts + "), more than virtual cluster `" + cluster
                    + "` allows (" + limit + "): the job would wait forever");
        }
    }

    /** The resource's value in the document, or the task role's key when it is left at its default. */
    private static Node fieldNode(Node root, String role, String field) {
        return Tree.get(root, "taskRoles", role, "resourcePerInstance", field)
                .or(() -> Tree.get(root, "taskRoles").flatMap(r -> Tree.tuple(r, role)).map(NodeTuple::getKeyNode))
                .orElse(root);
    }
}
