package org.gantry.job.lint;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.gantry.job.protocol.TaskLimits;

/**
 * What the linter knows beyond the document: whose job it is and where it would run.
 *
 * @param expressionKeys         the author's stored expression keys; empty when unknown (a
 *                               local lint without a server), and then {@code expression.*}
 *                               references are not checked
 * @param quotas                 each virtual cluster's quota by name; a cluster not listed is
 *                               not checked
 * @param defaultVirtualCluster  where a job without {@code defaults.virtualCluster} runs
 * @param usableVirtualClusters  the virtual clusters the author may submit to; empty when
 *                               unknown, and then {@code defaults.virtualCluster} is not checked
 * @param capacities             each virtual cluster's largest node by name; a cluster not
 *                               listed (capacity unknown, or queueing beyond it allowed) is not
 *                               checked
 * @param taskLimits             how many tasks a job may have
 * @param storages               the storages the author may mount; empty when unknown, and
 *                               then only the document's own {@code extras.storages} count
 */
public record LintContext(Optional<Set<String>> expressionKeys, Map<String, Quota> quotas,
                          String defaultVirtualCluster, Optional<Set<String>> usableVirtualClusters,
                          Map<String, NodeCapacity> capacities, TaskLimits taskLimits,
                          Optional<List<UsableStorage>> storages) {

    public static final String DEFAULT_VIRTUAL_CLUSTER = "default";

    public LintContext {
        expressionKeys = expressionKeys.map(Set::copyOf);
        quotas = Map.copyOf(quotas);
        usableVirtualClusters = usableVirtualClusters.map(Set::copyOf);
        capacities = Map.copyOf(capacities);
        storages = storages.map(List::copyOf);
    }

    /** Without the author's storages. */
    public LintContext(Optional<Set<String>> expressionKeys, Map<String, Quota> quotas,
                       String defaultVirtualCluster, Optional<Set<String>> usableVirtualClusters,
                       Map<String, NodeCapacity> capacities, TaskLimits taskLimits) {
        this(expressionKeys, quotas, defaultVirtualCluster, usableVirtualClusters, capacities, taskLimits,
                Optional.empty());
    }

    /** A storage the author may mount: its name, where jobs see it, and whether {@code storages: []} mounts it. */
    public record UsableStorage(String name, String mountPath, boolean isDefault) {
    }

    /** The same, told which storages the author may mount. */
    public LintContext withStorages(List<UsableStorage> usable) {
        return new LintContext(expressionKeys, quotas, defaultVirtualCluster, usableVirtualClusters, capacities,
                taskLimits, Optional.of(usable));
    }

    /** Without the author's virtual clusters and their capacities. */
    public LintContext(Optional<Set<String>> expressionKeys, Map<String, Quota> quotas, String defaultVirtualCluster) {
        this(expressionKeys, quotas, defaultVirtualCluster, Optional.empty(), Map.of(), TaskLimits.DEFAULT);
    }

    /** Nothing known about the author: what {@code gantry job lint} uses offline. */
    public static LintContext standalone() {
        return new LintContext(Optional.empty(), Map.of(), DEFAULT_VIRTUAL_CLUSTER);
    }

    /** The same, told which virtual clusters the author may use. */
    public LintContext withUsableVirtualClusters(Set<String> names) {
        return new LintContext(expressionKeys, quotas, defaultVirtualCluster, Optional.of(names), capacities,
                taskLimits, storages);
    }

    /** The same, told the virtual clusters' largest nodes. */
    public LintContext withCapacities(Map<String, NodeCapacity> largestNodes) {
        return new LintContext(expressionKeys, quotas, defaultVirtualCluster, usableVirtualClusters, largestNodes,
                taskLimits, storages);
    }

    /** The same, with other bounds on the number of tasks. */
    public LintContext withTaskLimits(TaskLimits limits) {
        return new LintContext(expressionKeys, quotas, defaultVirtualCluster, usableVirtualClusters, capacities,
                limits, storages);
    }

    public static LintContext of(Set<String> expressionKeys, Map<String, Quota> quotas) {
        return new LintContext(Optional.of(expressionKeys), quotas, DEFAULT_VIRTUAL_CLUSTER);
    }

    /** A virtual cluster's limits for one job's tasks at once; empty means unlimited. */
    public record Quota(OptionalInt cpu, OptionalInt memoryMB, OptionalInt gpu) {

        public static final Quota UNLIMITED = new Quota(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty());

        public static Quota of(Integer cpu, Integer memoryMB, Integer gpu) {
            return new Quota(optional(cpu), optional(memoryMB), optional(gpu));
        }

        private static OptionalInt optional(Integer value) {
            return value == null ? OptionalInt.empty() : OptionalInt.of(value);
        }
    }
}
