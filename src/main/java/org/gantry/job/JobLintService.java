package org.gantry.job;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.expression.ExpressionService;
import org.gantry.job.lint.Finding;
import org.gantry.job.lint.LintContext;
import org.gantry.job.lint.LintContext.Quota;
import org.gantry.job.lint.Linter;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Lints job documents for a signed-in author: the same {@link Linter} as the CLI, told the
 * virtual clusters' quotas and, where known, the author's expression keys. Used by the
 * editor on every pause in typing and by {@code POST /api/v2/jobs/lint}.
 */
@Service
public class JobLintService {

    private final Linter linter = new Linter();
    private final GroupService groups;
    private final ExpressionService expressions;
    private final CurrentUser currentUser;

    JobLintService(GroupService groups, ExpressionService expressions, CurrentUser currentUser) {
        this.groups = groups;
        this.expressions = expressions;
        this.currentUser = currentUser;
    }

    @Transactional(readOnly = true)
    public List<Finding> lint(String username, String yaml) {
        return linter.lint(yaml, contextFor(username));
    }

    /** What the linter is told about {@code username}; read once per editor session is enough. */
    @Transactional(readOnly = true)
    public LintContext contextFor(String username) {
        Map<String, Quota> quotas = new LinkedHashMap<>();
        for (VirtualCluster cluster : groups.virtualClusters()) {
            quotas.put(cluster.getName(), Quota.of(cluster.getCpuQuota(), cluster.getMemoryMbQuota(),
                    cluster.getGpuQuota()));
        }
        // only their author may read expressions: for anyone else they stay unknown and unchecked
        Optional<Set<String>> keys = currentUser.username().filter(username::equals)
                .map(u -> expressions.values(u).keySet());
        return new LintContext(keys, quotas, LintContext.DEFAULT_VIRTUAL_CLUSTER);
    }

    /** The same linter, with a context the caller already holds. */
    public List<Finding> lint(String yaml, LintContext context) {
        return linter.lint(yaml, context);
    }

    public boolean usesShellCheck() {
        return linter.usesShellCheck();
    }
}
