package org.gantry.job.lint;

import java.util.Optional;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.protocol.JobSpec;

/**
 * Resources beyond the largest node of the job's virtual cluster: the job could never start
 * there, and its submission is refused ({@link NodeCapacity}). Reported on the field that asks
 * too much.
 */
final class CapacityRule implements LintRule {

    static final String CODE = "beyond-capacity";

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        Optional<JobSpec> spec = document.parsed().spec();
        if (spec.isEmpty() || document.root().isEmpty()) {
            return;
        }
        String cluster = spec.get().defaults().virtualCluster().orElse(context.defaultVirtualCluster());
        NodeCapacity capacity = context.capacities().get(cluster);
        if (capacity == null) {
            return;
        }
        for (NodeCapacity.Misfit misfit : capacity.misfits(spec.get(), cluster)) {
            findings.atNode(QuotaRule.fieldNode(document.root().get(), misfit.role(), misfit.field()), Severity.ERROR,
                    CODE, misfit.message());
        }
    }
}
