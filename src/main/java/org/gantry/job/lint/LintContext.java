package org.gantry.job.lint;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What the linter knows beyond the document: whose job it is and where it would run.
 *
 * @param expressionKeys         the author's stored expression keys; empty when unknown (a
 *                               local lint without a server), and then {@code expression.*}
 *                               references are not checked
 * @param quotas                 each virtual cluster's quota by name; a cluster not listed is
 *                               not checked
 * @param defaultVirtualCluster  where a job without {@code defaults.virtualCluster} runs
 */
public record LintContext(Optional<Set<String>> expressionKeys, Map<String, Quota> quotas,
                          String defaultVirtualCluster) {

    public static final String DEFAULT_VIRTUAL_CLUSTER = "default";

    public LintContext {
        expressionKeys = expressionKeys.map(Set::copyOf);
        quotas = Map.copyOf(quotas);
    }

    /** Nothing known about the author: what {@code gantry job lint} uses offline. */
    public static LintContext standalone() {
        return new LintContext(Optional.empty(), Map.of(), DEFAULT_VIRTUAL_CLUSTER);
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
