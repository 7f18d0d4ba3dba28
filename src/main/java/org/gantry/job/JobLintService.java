package org.gantry.job;

import java.util.ArrayList;
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
import org.gantry.job.lint.NodeCapacity;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.gantry.security.VirtualCluster;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Lints job documents for a signed-in author: the same {@link Linter} as the CLI, told the
 * virtual clusters' quotas and largest nodes, the clusters the author may use, the bounds on
 * a job's tasks and, where known, the author's expression keys. Used by the
 * editor on every pause in typing and by {@code POST /api/v2/jobs/lint}.
 */
@Service
public class JobLintService {

    private final Linter linter = new Linter();
    private final GroupService groups;
    private final ExpressionService expressions;
    private final CurrentUser currentUser;
    private final UserService users;
    private final JobCapacity capacity;
    private final JobLimitsProperties limits;
    private final ObjectProvider<JobStorages> storages;
    private final ObjectProvider<JobInputs> inputs;

    JobLintService(GroupService groups, ExpressionService expressions, CurrentUser currentUser, UserService users,
                   JobCapacity capacity, JobLimitsProperties limits, ObjectProvider<JobStorages> storages,
                   ObjectProvider<JobInputs> inputs) {
        this.storages = storages;
        this.inputs = inputs;
        this.groups = groups;
        this.expressions = expressions;
        this.currentUser = currentUser;
        this.users = users;
        this.capacity = capacity;
        this.limits = limits;
    }

    /** Lints, and also reports the job's inputs that are missing now (checked as {@code username}). */
    @Transactional(readOnly = true)
    public List<Finding> lint(String username, String yaml) {
        return lintWithInputs(username, yaml, contextFor(username));
    }

    /**
     * The linter's findings plus a {@value #MISSING_INPUT} warning for each input that is missing
     * now: local paths and storage paths, as the check before admission does (JobInputs).
     */
    public List<Finding> lintWithInputs(String username, String yaml, LintContext context) {
        List<Finding> findings = new ArrayList<>(linter.lint(yaml, context));
        JobInputs checker = inputs.getIfAvailable();
        if (checker == null) {
            return findings;
        }
        Optional<JobSpec> spec = new ProtocolParser(limits.taskLimits()).parse(yaml).spec();
        if (spec.isPresent()) {
            checker.missing(username, spec.get()).forEach((input, why) -> findings.add(missingInput(yaml, input, why)));
        }
        return findings;
    }

    static final String MISSING_INPUT = "missing-input";

    /** Positioned at the input's first mention after a list dash or a key, else at the top. */
    private static Finding missingInput(String yaml, String input, String why) {
        int at = yaml.indexOf(input);
        int line = 1;
        int column = 1;
        if (at >= 0) {
            int lineStart = yaml.lastIndexOf('\n', at - 1) + 1;
            line = (int) yaml.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
            column = at - lineStart + 1;
        }
        return new Finding(line, column, line, at >= 0 ? column + input.length() : column, Finding.Severity.WARNING,
                MISSING_INPUT, "Input " + input + " " + why + ": the job would fail before its tasks start"
                + " (inputs are checked again at submission)", Optional.empty());
    }

    /** What the linter is told about {@code username}; read once per editor session is enough. */
    @Transactional(readOnly = true)
    public LintContext contextFor(String username) {
        Map<String, Quota> quotas = new LinkedHashMap<>();
        Map<String, NodeCapacity> largestNodes = new LinkedHashMap<>();
        for (VirtualCluster cluster : groups.virtualClusters()) {
            quotas.put(cluster.getName(), Quota.of(cluster.getCpuQuota(), cluster.getMemoryMbQuota(),
                    cluster.getGpuQuota()));
            capacity.largestNode(cluster).ifPresent(node -> largestNodes.put(cluster.getName(), node));
        }
        Optional<Set<String>> usable = users.find(username).map(UserAccount::virtualClusterNames);
        // only their author may read expressions: for anyone else they stay unknown and unchecked
        Optional<Set<String>> keys = currentUser.username().filter(username::equals)
                .map(u -> expressions.values(u).keySet());
        LintContext context = new LintContext(keys, quotas, LintContext.DEFAULT_VIRTUAL_CLUSTER, usable, largestNodes,
                limits.taskLimits());
        JobStorages jobStorages = storages.getIfAvailable();
        return jobStorages == null ? context : context.withStorages(jobStorages.usableBy(username));
    }

    /** The same linter, with a context the caller already holds. */
    public List<Finding> lint(String yaml, LintContext context) {
        return linter.lint(yaml, context);
    }

    public boolean usesShellCheck() {
        return linter.usesShellCheck();
    }
}
