package org.gantry.job.lint;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.gantry.job.lint.Finding.Severity;
import org.yaml.snakeyaml.nodes.Node;

/**
 * A {@code defaults.virtualCluster} that does not exist or that the author may not use: the
 * submission would fail with {@code NoVirtualClusterError}. Reported with the clusters the
 * author may use; not checked when they are unknown (an offline lint).
 */
final class VirtualClusterRule implements LintRule {

    static final String UNKNOWN = "no-virtual-cluster";
    static final String FORBIDDEN = "forbidden-virtual-cluster";

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        if (context.usableVirtualClusters().isEmpty() || document.root().isEmpty()) {
            return;
        }
        Node root = document.root().get();
        Optional<Node> written = Tree.get(root, "defaults", "virtualCluster");
        String name = written.flatMap(Tree::text).orElse(context.defaultVirtualCluster());
        Set<String> usable = new TreeSet<>(context.usableVirtualClusters().get());
        if (usable.contains(name) || name.contains("<%")) {
            return;  // a template is checked once it is resolved, at submission
        }
        String choice = usable.isEmpty() ? "you may use no virtual cluster; ask an administrator to add you to a"
                + " group that has one" : "you may use " + String.join(", ", usable);
        boolean exists = context.quotas().containsKey(name);
        String message = exists ? "you may not submit to virtual cluster `" + name + "`: " + choice
                : "virtual cluster `" + name + "` does not exist: " + choice;
        Node at = written.orElseGet(() -> Tree.get(root, "defaults").orElse(root));
        findings.atNode(at, Severity.ERROR, exists ? FORBIDDEN : UNKNOWN, written.isPresent() ? message
                : "without defaults.virtualCluster the job runs in `" + name + "`, but " + message);
    }
}
