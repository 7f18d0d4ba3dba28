package org.gantry.job.protocol;

import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * How many tasks a submitted job may have: every task is a row, a status entry and a process
 * (docs/decisions/0002-protocol-validation.md, "Job size"). Checked where a job is accepted
 * (submission, lint); readers of stored jobs parse without it, so that a bound lowered later
 * never makes an accepted job unreadable.
 *
 * @param perRole tasks one task role may have ({@code instances})
 * @param perJob  tasks all task roles of a job may have together
 */
public record TaskLimits(int perRole, int perJob) {

    public static final int DEFAULT_PER_ROLE = 1_000;
    public static final int DEFAULT_PER_JOB = 5_000;

    public static final TaskLimits DEFAULT = new TaskLimits(DEFAULT_PER_ROLE, DEFAULT_PER_JOB);
    public static final TaskLimits UNBOUNDED = new TaskLimits(Integer.MAX_VALUE, Integer.MAX_VALUE);

    public TaskLimits {
        if (perRole < 1 || perJob < 1) {
            throw new IllegalArgumentException("task limits must be positive: " + perRole + " per role, "
                    + perJob + " per job");
        }
    }

    /** Reports each task role above {@link #perRole}, and the job above {@link #perJob}, on their {@code instances}. */
    void check(JobSpec spec, Node root, Diagnostics diagnostics) {
        long total = 0;
        Optional<Node> largest = Optional.empty();
        int largestInstances = 0;
        for (TaskRole role : spec.taskRoles().values()) {
            total += role.instances();
            Node at = instancesNode(root, role.name()).orElse(root);
            String path = "taskRoles." + role.name() + ".instances";
            if (role.instances() > perRole) {
                diagnostics.error("too-many-instances", "task role " + role.name() + " asks for " + role.instances()
                        + " instances; at most " + perRole + " are allowed per task role", path, at);
            }
            if (role.instances() > largestInstances) {
                largestInstances = role.instances();
                largest = Optional.of(at);
            }
        }
        if (total > perJob) {
            String roles = spec.taskRoles().size() == 1 ? "its task role" : "its " + spec.taskRoles().size()
                    + " task roles";
            diagnostics.error("too-many-tasks", "the job has " + total + " tasks in " + roles + "; at most " + perJob
                    + " are allowed per job", "taskRoles", largest.orElse(root));
        }
    }

    /** The role's {@code instances} value, or the role's key when it has none. */
    private static Optional<Node> instancesNode(Node root, String role) {
        Optional<NodeTuple> roleEntry = entry(root, "taskRoles").flatMap(t -> entry(t.getValueNode(), role));
        return roleEntry.flatMap(t -> entry(t.getValueNode(), "instances").map(NodeTuple::getValueNode)
                .or(() -> Optional.of(t.getKeyNode())));
    }

    private static Optional<NodeTuple> entry(Node node, String key) {
        if (node instanceof MappingNode map) {
            for (NodeTuple tuple : map.getValue()) {
                if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                    return Optional.of(tuple);
                }
            }
        }
        return Optional.empty();
    }
}
