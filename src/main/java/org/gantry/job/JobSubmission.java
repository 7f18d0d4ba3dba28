package org.gantry.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.base.files.DiskSpace;
import org.gantry.expression.ExpressionService;
import org.gantry.job.JobSubmissionException.Reason;
import org.gantry.job.lint.NodeCapacity;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ParseResult;
import org.gantry.job.protocol.ParsedDocument;
import org.gantry.job.protocol.Problem;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.TaskRole;
import org.gantry.job.protocol.TemplateResult;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.gantry.security.VirtualCluster;
import org.springframework.beans.factory.ObjectProvider;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Turns a submitted document into a stored job: parse, template with the user's
 * expressions, check the virtual cluster, seal the secrets, and store the job with its
 * tasks, first attempt and first event in one transaction. Nothing in clear that came from
 * {@code secrets} reaches the database or the log; see docs/decisions/0003-rest-api-v2.md.
 */
@Component
class JobSubmission {

    static final String DEFAULT_VIRTUAL_CLUSTER = "default";
    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");
    /** What every reference to a user's expression starts with ({@code <% expression.key %>}). */
    private static final String EXPRESSION_PREFIX = "expression.";
    private static final Pattern VIRTUAL_CLUSTER_LINE = Pattern.compile("(?m)^(\\s*)virtualCluster\\s*:");

    private final ProtocolParser parser;
    private final JobRepository jobs;
    private final JobTaskRepository tasks;
    private final JobAttemptRepository attempts;
    private final JobEventRepository events;
    private final JobDocuments documents;
    private final ExpressionService expressions;
    private final UserService users;
    private final GroupService groups;
    private final CurrentUser currentUser;
    private final SecretCipher cipher;
    private final ObjectMapper json;
    private final Clock clock;
    private final JobCapacity capacity;
    private final List<SubmissionGate> gates;
    private final ObjectProvider<JobStorages> storages;
    private final DiskSpace disk;
    private final SubmissionGroupCommit groupCommit;
    private final TransactionTemplate readOnly;

    JobSubmission(JobRepository jobs, JobTaskRepository tasks, JobAttemptRepository attempts, JobEventRepository events,
                  JobDocuments documents, ExpressionService expressions, UserService users, GroupService groups,
                  CurrentUser currentUser, SecretCipher cipher, ObjectMapper json, Clock clock, JobCapacity capacity,
                  JobLimitsProperties limits, List<SubmissionGate> gates, ObjectProvider<JobStorages> storages,
                  DiskSpace disk, SubmissionGroupCommit groupCommit, PlatformTransactionManager transactions) {
        this.disk = disk;
        this.groupCommit = groupCommit;
        this.readOnly = new TransactionTemplate(transactions);
        this.readOnly.setReadOnly(true);
        this.gates = List.copyOf(gates);
        this.storages = storages;
        this.parser = new ProtocolParser(limits.taskLimits());
        this.capacity = capacity;
        this.jobs = jobs;
        this.tasks = tasks;
        this.attempts = attempts;
        this.events = events;
        this.documents = documents;
        this.expressions = expressions;
        this.users = users;
        this.groups = groups;
        this.currentUser = currentUser;
        this.cipher = cipher;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Parses and checks the document on the caller's thread, then stores the job: in the
     * caller's transaction when there is one (a template's or an assignment's use stores its
     * own rows with the job), else by {@link SubmissionGroupCommit} together with the
     * submissions that arrive meanwhile. Either way the job is committed when this returns.
     */
    public JobSummary submit(String username, String text) {
        currentUser.checkIsSelf(username);
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            Accepted accepted = accept(username, text);
            return logged(JobSummary.of(store(accepted)), accepted);
        }
        Accepted accepted = readOnly.execute(status -> accept(username, text));
        // logged on the request's thread (with its request id), once the job is committed
        return logged(groupCommit.commit(() -> JobSummary.of(store(accepted))), accepted);
    }

    private static JobSummary logged(JobSummary job, Accepted accepted) {
        audit.info("Job {} submitted to {} ({} task roles, {} tasks{})", job.frameworkName(), job.virtualCluster(),
                job.totalTaskRoleNumber(), job.totalTaskNumber(),
                accepted.sealedPayload().isPresent() ? ", secrets sealed" : "");
        return job;
    }

    /** Everything that can refuse a submission but a name taken meanwhile; reads only. */
    private Accepted accept(String username, String text) {
        ParsedDocument document = parser.parseDocument(text);
        ParseResult parsed = document.result();
        if (parsed.spec().isEmpty()) {
            boolean tooLarge = parsed.errors().stream().anyMatch(p -> p.code().equals("too-large"));
            throw new JobSubmissionException(tooLarge ? Reason.TOO_LARGE : Reason.INVALID, parsed.problems());
        }
        JobSpec spec = parsed.spec().get();
        // a document that names no expression needs none of the user's (one query fewer per job)
        Map<String, String> values = text.contains(EXPRESSION_PREFIX) ? expressions.values(username) : Map.of();
        TemplateResult resolved = documents.resolveKeepingSecrets(document, text, spec, values);
        if (resolved.hasErrors()) {
            throw new JobSubmissionException(Reason.INVALID, resolved.problems());
        }
        UserAccount owner = users.find(username).orElseThrow(() -> new IllegalStateException("No user " + username));
        VirtualCluster cluster = checkVirtualCluster(owner, spec, text);
        String virtualCluster = cluster.getName();
        checkCapacity(spec, cluster);
        checkStorages(username, cluster, spec);
        checkGates(username, virtualCluster);
        checkDisk();
        if (jobs.existsByOwnerUsernameAndName(username, spec.name())) {
            throw conflict(username, spec.name());
        }
        boolean hasSecrets = !spec.secrets().isEmpty();
        String stored = hasSecrets ? documents.withoutSecrets(text, spec) : text;
        Optional<String> sealed = hasSecrets ? Optional.of(sealedPayload(text, spec)) : Optional.empty();
        return new Accepted(owner, spec, virtualCluster, stored, resolved.resolvedText(), sealed);
    }

    /**
     * Inserts the job with its tasks, first attempt and first event in the current
     * transaction; builds every entity afresh, as a group that failed stores it again alone.
     */
    private Job store(Accepted accepted) {
        JobSpec spec = accepted.spec();
        String username = accepted.owner().getUsername();
        Instant now = clock.instant();
        Job job = new Job(accepted.owner(), spec.name(), accepted.virtualCluster(), accepted.storedText(),
                accepted.resolvedText(), now);
        accepted.sealedPayload().ifPresent(payload -> job.setSecretsCiphertext(cipher.seal(payload, job.getFrameworkName())));
        job.setTotals(spec.taskRoles().size(), totalTasks(spec), totalGpus(spec));
        try {
            jobs.saveAndFlush(job);
        } catch (DataIntegrityViolationException raced) {
            throw conflict(username, spec.name());
        }
        createTasks(job, spec);
        attempts.save(new JobAttempt(job, 0));
        events.save(new JobEvent(job, now, JobEvent.Type.Normal, "Submitted",
                "Submitted to virtual cluster " + accepted.virtualCluster() + " with " + job.getTotalTaskNumber()
                        + " task(s)"));
        return job;
    }

    /** A submission that passed every check: what {@link #store} inserts. */
    private record Accepted(UserAccount owner, JobSpec spec, String virtualCluster, String storedText,
                            String resolvedText, Optional<String> sealedPayload) {
    }

    private void createTasks(Job job, JobSpec spec) {
        List<JobTask> created = new ArrayList<>(job.getTotalTaskNumber());
        for (TaskRole role : spec.taskRoles().values()) {
            for (int index = 0; index < role.instances(); index++) {
                created.add(new JobTask(job, role.name(), index));
            }
        }
        tasks.saveAll(created);
    }

    private VirtualCluster checkVirtualCluster(UserAccount owner, JobSpec spec, String text) {
        String name = spec.defaults().virtualCluster().orElse(DEFAULT_VIRTUAL_CLUSTER);
        Optional<VirtualCluster> cluster = groups.virtualCluster(name);
        if (cluster.isEmpty()) {
            throw new JobSubmissionException(Reason.NO_VIRTUAL_CLUSTER, List.of(virtualClusterProblem(text,
                    "no-virtual-cluster", "Virtual cluster " + name + " is not found.")));
        }
        if (!owner.virtualClusterNames().contains(name)) {
            throw new JobSubmissionException(Reason.FORBIDDEN_VIRTUAL_CLUSTER, List.of(virtualClusterProblem(text,
                    "forbidden-virtual-cluster", "User " + owner.getUsername() + " is not allowed to submit to"
                            + " virtual cluster " + name + "; allowed: " + String.join(", ", owner.virtualClusterNames()))));
        }
        return cluster.get();
    }

    /** A job is refused before anything of it is written when the disk its tasks need is (nearly) full. */
    private void checkDisk() {
        disk.shortage().ifPresent(reason -> {
            throw new JobSubmissionException(Reason.DISK_FULL, List.of(new Problem(Problem.Severity.ERROR,
                    "disk-full", reason, "", 0, 0, 0, 0, Optional.empty())));
        });
    }

    private void checkGates(String username, String virtualCluster) {
        for (SubmissionGate gate : gates) {
            gate.refusal(username, virtualCluster).ifPresent(reason -> {
                throw new JobSubmissionException(Reason.BUDGET_EXCEEDED, List.of(new Problem(Problem.Severity.ERROR,
                        "budget-exceeded", reason, "", 0, 0, 0, 0, Optional.empty())));
            });
        }
    }

    /** Storages the user may not use, or that the virtual cluster's executor cannot reach, refuse the job. */
    private void checkStorages(String username, VirtualCluster cluster, JobSpec spec) {
        JobStorages jobStorages = storages.getIfAvailable();
        if (jobStorages == null || !spec.extras().containsKey("storages")) {
            return;
        }
        List<Problem> problems = jobStorages.problems(username, cluster.getExecutor(), cluster.getExecutorTarget(), spec);
        if (!problems.isEmpty()) {
            throw new JobSubmissionException(Reason.INVALID, problems);
        }
    }

    /** A job that can never start where it would run is refused, as {@code sbatch} refuses it. */
    private void checkCapacity(JobSpec spec, VirtualCluster cluster) {
        Optional<NodeCapacity> largest = capacity.largestNode(cluster);
        List<Problem> problems = largest.map(node -> node.misfits(spec, cluster.getName())).orElse(List.of()).stream()
                .map(m -> new Problem(Problem.Severity.ERROR, "beyond-capacity", m.message(), m.path(), 0, 0, 0, 0,
                        Optional.empty()))
                .toList();
        if (!problems.isEmpty()) {
            throw new JobSubmissionException(Reason.INVALID, problems);
        }
    }

    /**
     * Points at the {@code virtualCluster:} line when the document has one; the parser's
     * tree is not kept, and a line found by pattern is enough for an editor to mark.
     */
    private static Problem virtualClusterProblem(String text, String code, String message) {
        Matcher matcher = VIRTUAL_CLUSTER_LINE.matcher(text);
        int line = 0;
        int column = 0;
        if (matcher.find()) {
            line = (int) text.substring(0, matcher.start()).chars().filter(c -> c == '\n').count() + 1;
            column = matcher.group(1).length() + 1;
        }
        return new Problem(Problem.Severity.ERROR, code, message, "defaults.virtualCluster", line, column,
                line, line == 0 ? 0 : column + "virtualCluster".length(), Optional.empty());
    }

    private String sealedPayload(String text, JobSpec spec) {
        try {
            return json.writeValueAsString(Map.of("text", text, "secrets", spec.secrets()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Secrets could not be serialised", e);
        }
    }

    private static JobException conflict(String username, String name) {
        return new JobException(JobException.Kind.CONFLICT, "Job name " + username + "~" + name + " already exists.");
    }

    private static int totalTasks(JobSpec spec) {
        return spec.taskRoles().values().stream().mapToInt(TaskRole::instances).sum();
    }

    private static int totalGpus(JobSpec spec) {
        return spec.taskRoles().values().stream()
                .mapToInt(r -> r.instances() * r.resourcePerInstance().gpu()).sum();
    }
}
