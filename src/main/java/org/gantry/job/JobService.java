package org.gantry.job;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.gantry.security.CurrentUser;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.ConcurrencyFailureException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Jobs: submission, the list and detail anyone signed in may read (as in OpenPAI), and the
 * changes only a job's owner or an administrator may make.
 */
@Service
public class JobService {

    private static final Logger log = LoggerFactory.getLogger(JobService.class);

    private final JobRepository jobs;
    private final JobTaskRepository tasks;
    private final JobAttemptRepository attempts;
    private final JobEventRepository events;
    private final JobSubmission submission;
    private final JobConfigs configs;
    private final JobStops stops;
    private final CurrentUser currentUser;
    /** The runtime's; absent only where no runtime is built. */
    private final ObjectProvider<TaskRuns> taskRuns;

    JobService(JobRepository jobs, JobTaskRepository tasks, JobAttemptRepository attempts, JobEventRepository events,
               JobSubmission submission, JobConfigs configs, JobStops stops, CurrentUser currentUser,
               ObjectProvider<TaskRuns> taskRuns) {
        this.jobs = jobs;
        this.tasks = tasks;
        this.attempts = attempts;
        this.events = events;
        this.submission = submission;
        this.configs = configs;
        this.stops = stops;
        this.currentUser = currentUser;
        this.taskRuns = taskRuns;
    }

    /**
     * Stores a job submitted by {@code username} (who must be the caller), committed when
     * this returns. Throws {@link JobSubmissionException} with every problem found, or
     * {@link JobException} ({@code CONFLICT}) when the user already has a job of that name.
     */
    public JobSummary submit(String username, String yamlText) {
        return submission.submit(username, yamlText);
    }

    /** One page of the user's own jobs, newest first unless the page says otherwise. */
    @Transactional(readOnly = true)
    public Page<Job> ownJobs(String username, Pageable page) {
        return jobs.findByOwnerUsername(username, page);
    }

    @Transactional(readOnly = true)
    public long countOwnJobs(String username) {
        return jobs.findByOwnerUsername(username, Pageable.ofSize(1)).getTotalElements();
    }

    @Transactional(readOnly = true)
    public JobPage list(JobQuery query) {
        var specification = JobSpecifications.matching(query);
        List<Job> found = jobs.findSlice(specification, query.sort(), query.offset(), query.limit());
        Map<Long, Integer> platform = new HashMap<>();
        if (!found.isEmpty()) {
            for (Object[] row : tasks.platformRetries(found.stream().map(Job::getId).toList())) {
                platform.put((Long) row[0], ((Number) row[1]).intValue());
            }
        }
        List<JobSummary> page = found.stream()
                .map(job -> JobSummary.of(job).withPlatformRetries(platform.getOrDefault(job.getId(), 0))).toList();
        OptionalLong total = query.withTotalCount() ? OptionalLong.of(jobs.count(specification)) : OptionalLong.empty();
        return new JobPage(page, total);
    }

    @Transactional(readOnly = true)
    public Optional<JobSummary> find(String username, String name) {
        return jobs.findByOwnerUsernameAndName(username, name).map(JobSummary::of);
    }

    /**
     * The job with its latest attempt, or the given one. The latest attempt's tasks are the
     * task rows as they stand; an earlier attempt's are what the runtime recorded of their
     * last launch in it.
     */
    @Transactional(readOnly = true)
    public JobDetail detail(String username, String name, Optional<Integer> attemptIndex) {
        Job job = require(username, name);
        Attempt attempt = attempt(job, attemptIndex);
        List<JobTask> jobTasks = tasks.findByJobOrderByRoleNameAscTaskIndexAsc(job);
        Map<Long, TaskRun> lastRuns = new HashMap<>();
        runs(job, attempt.index()).forEach(run -> lastRuns.put(run.taskId(), run));
        Map<String, List<TaskStatus>> roles = new LinkedHashMap<>();
        for (JobTask task : jobTasks) {
            roles.computeIfAbsent(task.getRoleName(), r -> new ArrayList<>())
                    .add(attempt.status(task, Optional.ofNullable(lastRuns.get(task.getId()))));
        }
        return new JobDetail(JobSummary.of(job), AttemptStatus.of(attempt.attempt(), attempt.latest()), roles,
                job.getExitDiagnostics());
    }

    @Transactional(readOnly = true)
    public List<AttemptStatus> attempts(String username, String name) {
        Job job = require(username, name);
        List<JobAttempt> all = attempts.findByJobOrderByAttemptIndexDesc(job);
        return all.stream().map(a -> AttemptStatus.of(a, a == all.get(0))).toList();
    }

    /** Task {@code roleName[taskIndex]} in the given attempt (the latest when empty), with its earlier retries there. */
    @Transactional(readOnly = true)
    public TaskHistory task(String username, String name, Optional<Integer> attemptIndex, String roleName,
                            int taskIndex) {
        Job job = require(username, name);
        Attempt attempt = attempt(job, attemptIndex);
        JobTask task = tasks.findByJobOrderByRoleNameAscTaskIndexAsc(job).stream()
                .filter(t -> t.getRoleName().equals(roleName) && t.getTaskIndex() == taskIndex)
                .findFirst()
                .orElseThrow(() -> new JobException(JobException.Kind.NO_TASK, "Task " + roleName + "-" + taskIndex
                        + " of job " + job.getFrameworkName() + " is not found."));
        List<TaskRun> runs = runs(job, attempt.index()).stream().filter(run -> run.taskId() == task.getId()).toList();
        TaskStatus status = attempt.status(task, runs.isEmpty() ? Optional.empty()
                : Optional.of(runs.get(runs.size() - 1)));
        Map<Integer, TaskRun> lastOfEachRetry = new TreeMap<>();
        runs.forEach(run -> lastOfEachRetry.put(run.retry(), run));
        return new TaskHistory(status, lastOfEachRetry.values().stream()
                .filter(run -> run.retry() < status.retries()).toList());
    }

    /**
     * The job's document: with its secrets for the owner, with them masked for an
     * administrator, without them for anyone else.
     */
    @Transactional(readOnly = true)
    public String config(String username, String name) {
        return configs.configFor(require(username, name));
    }

    /** Newest first; at most {@code limit}, with the count of all that match. */
    @Transactional(readOnly = true)
    public EventPage events(String username, String name, Optional<JobEvent.Type> type, int limit) {
        Job job = require(username, name);
        PageRequest page = PageRequest.ofSize(Math.max(1, limit));
        List<JobEvent> found = type.map(t -> events.findByJobAndTypeOrderByAtDescIdDesc(job, t, page))
                .orElseGet(() -> events.findByJobOrderByAtDescIdDesc(job, page));
        long total = type.map(t -> events.countByJobAndType(job, t)).orElseGet(() -> events.countByJob(job));
        return new EventPage(found.stream().map(JobEventInfo::of).toList(), total);
    }

    /**
     * STOP stops a job (only its owner or an administrator may): a job still waiting has
     * nothing running and is stopped at once; a running one is marked STOPPING for the
     * runtime to finish. START is accepted for a job that has not ended and changes nothing.
     * Not one transaction: a recorded stop request must survive a conflict with the runtime
     * (see {@link JobStops}).
     */
    public JobSummary setExecutionType(String username, String name, Job.ExecutionType type) {
        Job job = requireModifiable(username, name);
        if (type == Job.ExecutionType.START) {
            if (job.getState().isFinal() || job.getExecutionType() == Job.ExecutionType.STOP) {
                throw new JobException(JobException.Kind.INVALID, "Job " + job.getFrameworkName()
                        + " has been stopped or has ended; submit it again under a new name to rerun it.");
            }
        } else if (stops.record(job.getId(), currentUser.require())) {
            try {
                stops.applyAtOnce(job.getId());
            } catch (ConcurrencyFailureException e) {
                log.debug("Job {} changed while its stop was applied; the runtime applies it", job.getFrameworkName());
            }
        }
        return stops.summary(job.getId());
    }

    @Transactional
    public void addTag(String username, String name, String tag) {
        Job job = requireModifiable(username, name);
        checkTag(tag);
        if (!job.getTags().contains(tag) && job.getTags().size() >= Job.TAGS_MAX) {
            throw new JobException(JobException.Kind.INVALID, "A job has at most " + Job.TAGS_MAX + " tags");
        }
        job.addTag(tag);
    }

    @Transactional
    public void removeTag(String username, String name, String tag) {
        Job job = requireModifiable(username, name);
        if (!job.removeTag(tag)) {
            throw new JobException(JobException.Kind.NO_TAG, "Tag " + tag + " is not found for job "
                    + job.getFrameworkName() + " .");
        }
    }

    private Attempt attempt(Job job, Optional<Integer> attemptIndex) {
        JobAttempt latest = attempts.findFirstByJobOrderByAttemptIndexDesc(job)
                .orElseThrow(() -> new IllegalStateException("Job " + job.getFrameworkName() + " has no attempt"));
        JobAttempt attempt = attemptIndex.filter(i -> i != latest.getAttemptIndex())
                .map(i -> attempts.findByJobAndAttemptIndex(job, i).orElseThrow(() -> new JobException(
                        JobException.Kind.NO_ATTEMPT, "Attempt " + i + " of job " + job.getFrameworkName()
                        + " is not found.")))
                .orElse(latest);
        return new Attempt(attempt, attempt == latest);
    }

    private List<TaskRun> runs(Job job, int jobAttempt) {
        TaskRuns runs = taskRuns.getIfAvailable();
        return runs == null ? List.of() : runs.of(job.getId(), jobAttempt);
    }

    /** One of a job's attempts, and whether it is the latest (whose tasks are the task rows as they stand). */
    private record Attempt(JobAttempt attempt, boolean latest) {

        int index() {
            return attempt.getAttemptIndex();
        }

        TaskStatus status(JobTask task, Optional<TaskRun> lastRun) {
            return latest ? TaskStatus.current(task, lastRun) : TaskStatus.past(task, lastRun);
        }
    }

    /**
     * A job's state alone, for a caller deciding whether to wait for its end.
     *
     * @throws JobException NO_JOB when there is no such job
     */
    @Transactional(readOnly = true)
    public JobState state(String username, String name) {
        return jobs.findStateByOwnerUsernameAndName(username, name)
                .orElseThrow(() -> JobException.noJob(username, name));
    }

    Job require(String username, String name) {
        return jobs.findByOwnerUsernameAndName(username, name).orElseThrow(() -> JobException.noJob(username, name));
    }

    private Job requireModifiable(String username, String name) {
        Job job = require(username, name);
        if (!currentUser.isAdmin() && !currentUser.username().map(username::equals).orElse(false)) {
            throw new AccessDeniedException("Only the owner of job " + job.getFrameworkName()
                    + " or an administrator may change it");
        }
        return job;
    }

    static void checkTag(String tag) {
        if (tag == null || tag.isBlank() || tag.length() > Job.TAG_MAX || tag.chars().anyMatch(Character::isISOControl)) {
            throw new JobException(JobException.Kind.INVALID, "A tag is 1 to " + Job.TAG_MAX
                    + " characters without control characters");
        }
    }

    /** Events of a job, newest first, and how many there are in all. */
    public record EventPage(List<JobEventInfo> events, long totalCount) {
    }
}
