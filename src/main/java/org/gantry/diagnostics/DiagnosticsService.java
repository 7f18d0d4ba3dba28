package org.gantry.diagnostics;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.gantry.job.AttemptStatus;
import org.gantry.job.FailureExplanations;
import org.gantry.job.JobDetail;
import org.gantry.job.JobService;
import org.gantry.job.JobState;
import org.gantry.job.TaskLogs;
import org.gantry.job.TaskStatus;
import org.gantry.job.TaskStep;
import org.gantry.security.CurrentUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;

/**
 * Says why a job failed and what to do: matches what its failed task's latest attempt left
 * (exit code, failed step, the step's stderr, the tails of stdout and stderr, the runtime's
 * message) against the failure catalogue. A diagnosis made with the logs is stored per job
 * attempt and served again until the catalogue changes; a viewer who may not read the logs
 * gets the stored one or one made from the runtime's message alone.
 */
@Service
public class DiagnosticsService implements FailureExplanations {

    private static final Logger log = LoggerFactory.getLogger(DiagnosticsService.class);

    private final FailurePatternStore store;
    private final JdbcTemplate jdbc;
    private final JobService jobs;
    private final ObjectProvider<TaskLogs> taskLogs;
    private final DiagnosticsProperties properties;
    private final ObjectMapper json;
    private final Clock clock;
    private final CurrentUser currentUser;
    private final AtomicReference<FailureCatalogue> catalogue = new AtomicReference<>();
    private final AtomicReference<Instant> catalogueChanged = new AtomicReference<>(Instant.EPOCH);
    private volatile boolean seeded;

    DiagnosticsService(FailurePatternStore store, JdbcTemplate jdbc, JobService jobs, ObjectProvider<TaskLogs> taskLogs,
                       DiagnosticsProperties properties, ObjectMapper json, Clock clock,
                       CurrentUser currentUser) {
        this.currentUser = currentUser;
        this.store = store;
        this.jdbc = jdbc;
        this.jobs = jobs;
        this.taskLogs = taskLogs;
        this.properties = properties;
        this.json = json;
        this.clock = clock;
    }

    /** The enabled patterns, compiled; the seed is stored first when the table lacks it. */
    public FailureCatalogue catalogue() {
        FailureCatalogue current = catalogue.get();
        if (current == null) {
            seed();
            current = new FailureCatalogue(store.all());
            catalogue.set(current);
        }
        return current;
    }

    private synchronized void seed() {
        if (!seeded) {
            int added = store.seed(CatalogueSeed.patterns(), clock.instant());
            if (added > 0) {
                log.info("Stored {} seeded failure patterns", added);
            }
            Timestamp last = jdbc.queryForObject("select max(updated_at) from failure_pattern", Timestamp.class);
            catalogueChanged.set(last == null ? Instant.EPOCH : last.toInstant());
            seeded = true;
        }
    }

    /** Every pattern, disabled ones included, in priority order. */
    public List<FailurePattern> patterns() {
        seed();
        return store.all();
    }

    /**
     * Adds or replaces a pattern (by code); new analyses use it at once.
     *
     * @throws AccessDeniedException for anyone but an administrator
     * @throws IllegalArgumentException naming what is wrong with the pattern
     */
    public void save(FailurePattern pattern) {
        if (!currentUser.isAdmin()) {
            throw new AccessDeniedException("Only administrators edit the failure catalogue.");
        }
        List<String> problems = pattern.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(String.join(" ", problems));
        }
        seed();
        Instant now = clock.instant();
        store.save(pattern, now);
        catalogueChanged.set(now);
        catalogue.set(null);
    }

    /**
     * What {@code pattern}'s regex finds in a pasted log, its other conditions (exit code,
     * signal, step) set aside; empty when it finds nothing or has no regex.
     */
    public Optional<Finding> test(FailurePattern pattern, String log) {
        if (pattern.regex().isEmpty() || !pattern.problems().isEmpty()) {
            return Optional.empty();
        }
        FailurePattern regexOnly = new FailurePattern(pattern.code(), pattern.phrase(), pattern.category(),
                pattern.behavior(), pattern.failure(), pattern.reason(), pattern.solution(), pattern.link(),
                java.util.Set.of(), java.util.OptionalInt.empty(), Optional.empty(), pattern.keywords(),
                pattern.regex(), pattern.fix(), pattern.priority(), true);
        return new FailureCatalogue(List.of(regexOnly)).match(new Evidence(Optional.empty(), Optional.empty(),
                List.of(Evidence.Text.of("pasted log", log))));
    }

    @Override
    public Optional<Explanation> explain(String owner, String job) {
        return diagnose(owner, job).map(JobDiagnosis::explanation);
    }

    @Override
    public Map<Long, String> reasons(Collection<Long> jobIds) {
        if (jobIds.isEmpty()) {
            return Map.of();
        }
        Map<Long, String> reasons = new HashMap<>();
        Long[] ids = jobIds.toArray(Long[]::new);
        jdbc.query("select distinct on (job_id) job_id, phrase, summary from job_diagnosis where job_id = any(?)"
                        + " order by job_id, job_attempt desc",
                rs -> {
                    reasons.put(rs.getLong(1), rs.getString(2) + ": " + rs.getString(3));
                }, (Object) ids);
        // a failed job nobody opened yet: its recorded diagnostics (the runtime's message, the failed
        // step and the last lines of stderr) against the catalogue, without reading its logs
        FailureCatalogue current = catalogue();
        jdbc.query("select id, exit_code, exit_diagnostics from job where id = any(?) and state = 'FAILED'", rs -> {
            long id = rs.getLong(1);
            if (!reasons.containsKey(id)) {
                Integer exitCode = rs.getObject(2, Integer.class);
                String text = rs.getString(3) == null ? "" : rs.getString(3);
                java.util.regex.Matcher step = FAILED_STEP.matcher(text);
                current.match(new Evidence(Optional.ofNullable(exitCode), step.find() ? Optional.of(step.group(1))
                        : Optional.empty(), List.of(Evidence.Text.of("platform", text))))
                        .filter(f -> f.pattern().failure())
                        .ifPresent(f -> reasons.put(id, f.pattern().phrase() + ": " + summary(f.reason())));
            }
        }, (Object) ids);
        return reasons;
    }

    /** How the runtime names the dependency step that stopped a task ({@code StepResult#failureMessage}). */
    private static final java.util.regex.Pattern FAILED_STEP =
            java.util.regex.Pattern.compile("dependency step `([A-Za-z]+)` failed");

    private static String summary(String reason) {
        return reason.length() <= 120 ? reason : reason.substring(0, 119) + "…";
    }

    /**
     * The diagnosis of a failed or stopped job's latest attempt; empty while the job runs, when
     * it succeeded, or when no pattern matches.
     *
     * @throws org.gantry.job.JobException when there is no such job
     */
    public Optional<JobDiagnosis> diagnose(String owner, String job) {
        JobDetail detail = jobs.detail(owner, job, Optional.empty());
        JobState state = detail.summary().state();
        if (state != JobState.FAILED && state != JobState.STOPPED) {
            return Optional.empty();
        }
        FailureCatalogue current = catalogue();
        AttemptStatus attempt = detail.attempt();
        Optional<Long> jobId = jdbc.queryForList("select j.id from job j join app_user u on u.id = j.owner_id"
                + " where u.username = ? and j.name = ?", Long.class, owner, job).stream().findFirst();
        Optional<JobDiagnosis> stored = jobId.flatMap(id -> stored(id, attempt.attemptIndex()));
        if (stored.isPresent()) {
            return stored;
        }
        List<TaskStatus> tasks = detail.taskRoles().values().stream().flatMap(List::stream).toList();
        Optional<TaskStatus> failed = tasks.stream().filter(t -> t.state() == JobState.FAILED).findFirst()
                .or(() -> tasks.stream().filter(t -> t.state() == JobState.STOPPED).findFirst());
        if (failed.isEmpty()) {
            return Optional.empty();
        }
        TaskStatus task = failed.get();
        TaskLogs.Attempt which = new TaskLogs.Attempt(attempt.attemptIndex(), task.retries());
        String platform = String.join("\n", attempt.diagnostics().orElse(""), task.exitDiagnostics().orElse(""));
        List<Evidence.Text> texts = new ArrayList<>();
        texts.add(Evidence.Text.of("platform", platform));
        Optional<String> failedStep = Optional.empty();
        boolean logsRead = false;
        TaskLogs logs = taskLogs.getIfAvailable();
        if (logs != null) {
            try {
                Optional<TaskLogs.Steps> steps = logs.steps(owner, job, task.roleName(), task.taskIndex(),
                        Optional.of(which));
                Optional<TaskStep> step = steps.stream().flatMap(s -> s.steps().stream())
                        .filter(s -> s.status() == TaskStep.Status.FAILED || s.status() == TaskStep.Status.INTERRUPTED)
                        .findFirst();
                failedStep = step.map(TaskStep::name);
                for (TaskLogs.Stream stream : List.of(TaskLogs.Stream.STDOUT, TaskLogs.Stream.STDERR)) {
                    String name = stream.name().toLowerCase();
                    texts.add(new Evidence.Text(name, () -> new LogTail(logs, owner, job, task.roleName(),
                            task.taskIndex(), which, stream, properties.getTailBytes()), false));
                }
                step.filter(s -> !s.stderrTail().isEmpty()).ifPresent(s ->
                        texts.add(Evidence.Text.of("step " + s.name(), String.join("\n", s.stderrTail()))));
                logsRead = steps.isPresent();
            } catch (AccessDeniedException | IllegalStateException e) {
                log.debug("Diagnosing {}~{} without its logs: {}", owner, job, e.getMessage());
                texts.subList(1, texts.size()).clear();
            }
        }
        Evidence evidence = new Evidence(task.exitCode(), failedStep, texts);
        Optional<Finding> finding;
        try {
            finding = current.match(evidence);
        } catch (AccessDeniedException | IllegalStateException e) {
            logsRead = false;
            finding = current.match(new Evidence(task.exitCode(), failedStep, texts.subList(0, 1)));
        }
        Optional<String> stepName = failedStep;
        Optional<JobDiagnosis> diagnosis = finding.map(f -> JobDiagnosis.of(f, task.roleName() + "-" + task.taskIndex(),
                attempt.attemptIndex(), task.retries(), stepName, task.exitCode()));
        if (logsRead && jobId.isPresent()) {
            diagnosis.ifPresent(d -> store(jobId.get(), d));
        }
        return diagnosis;
    }

    private Optional<JobDiagnosis> stored(long jobId, int jobAttempt) {
        return jdbc.queryForList("select body from job_diagnosis where job_id = ? and job_attempt = ?"
                        + " and analysed_at >= ?", String.class, jobId, jobAttempt,
                Timestamp.from(catalogueChanged.get())).stream().findFirst().flatMap(body -> {
                    try {
                        return Optional.of(json.readValue(body, JobDiagnosis.class));
                    } catch (JsonProcessingException e) {
                        return Optional.empty();  // written by another version: analysed again
                    }
                });
    }

    private void store(long jobId, JobDiagnosis diagnosis) {
        try {
            String summary = diagnosis.explanation().summary();
            jdbc.update("insert into job_diagnosis (job_id, job_attempt, phrase, summary, body, analysed_at)"
                    + " values (?, ?, ?, ?, ?, ?) on conflict (job_id, job_attempt) do update set phrase = excluded.phrase,"
                    + " summary = excluded.summary, body = excluded.body, analysed_at = excluded.analysed_at",
                    jobId, diagnosis.jobAttempt(), diagnosis.phrase(), summary.length() > 200
                            ? summary.substring(0, 200) : summary, json.writeValueAsString(diagnosis),
                    Timestamp.from(clock.instant()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
