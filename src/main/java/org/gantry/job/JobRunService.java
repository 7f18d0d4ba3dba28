package org.gantry.job;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.protocol.JobSpec;
import org.gantry.security.CurrentUser;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * What the runtime reads and changes of jobs: the unfinished jobs with their tasks, the job
 * as it runs (secrets put in), and the state changes it observes. Every method joins the
 * caller's transaction, so that the runtime commits its own records and the job's state
 * together (decision 0005). No caller check: only the runtime calls it.
 */
@Service
public class JobRunService {

    private final JobRepository jobs;
    private final JobTaskRepository tasks;
    private final JobAttemptRepository attempts;
    private final JobEventRepository events;
    private final RunnableSpecs specs;
    private final CurrentUser currentUser;

    JobRunService(JobRepository jobs, JobTaskRepository tasks, JobAttemptRepository attempts,
                  JobEventRepository events, RunnableSpecs specs, CurrentUser currentUser) {
        this.jobs = jobs;
        this.tasks = tasks;
        this.attempts = attempts;
        this.events = events;
        this.specs = specs;
        this.currentUser = currentUser;
    }

    /** A job the runtime drives, as it stands. */
    public record RunnableJob(long id, String user, String name, String virtualCluster,
                              Job.ExecutionType executionType, JobState state, int retries, int jobAttempt,
                              Instant submittedAt, List<RunnableTask> tasks) {
    }

    /** One task of a {@link RunnableJob}. */
    public record RunnableTask(long id, String role, int index, JobState state, int retries, int platformRetries,
                               Optional<String> waitingReason, Optional<Integer> exitCode,
                               Optional<String> exitDiagnostics) {
    }

    /** Jobs not ended, oldest first, with their tasks. */
    @Transactional(readOnly = true)
    public List<RunnableJob> unfinishedJobs() {
        return grouped(jobs.unfinishedTaskRows());
    }

    /** The given jobs, whatever their state (ids not found are left out). */
    @Transactional(readOnly = true)
    public List<RunnableJob> jobs(Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        return grouped(ids.size() == 1 ? jobs.taskRowsOfJob(ids.iterator().next()) : jobs.taskRowsOfJobs(ids));
    }

    private static List<RunnableJob> grouped(List<RunnableTaskRow> rows) {
        Map<Long, List<RunnableTaskRow>> byJob = new LinkedHashMap<>();
        rows.forEach(row -> byJob.computeIfAbsent(row.jobId(), id -> new ArrayList<>()).add(row));
        List<RunnableJob> result = new ArrayList<>(byJob.size());
        for (List<RunnableTaskRow> jobRows : byJob.values()) {
            RunnableTaskRow job = jobRows.get(0);
            List<RunnableTask> tasks = jobRows.stream().filter(row -> row.taskId() != null)
                    .map(row -> new RunnableTask(row.taskId(), row.role(), row.index(), row.taskState(),
                            row.taskRetries(), row.taskPlatformRetries(), Optional.ofNullable(row.waitingReason()),
                            Optional.ofNullable(row.exitCode()), Optional.ofNullable(row.exitDiagnostics())))
                    .toList();
            result.add(new RunnableJob(job.jobId(), job.user(), job.name(), job.virtualCluster(), job.executionType(),
                    job.jobState(), job.jobRetries(), job.jobAttempt() == null ? 0 : job.jobAttempt(),
                    job.submittedAt(), tasks));
        }
        return result;
    }

    /**
     * The id of task {@code role-index} of a user's job, for reading its logs: only the job's
     * owner and administrators may.
     *
     * @throws JobException NO_JOB or NO_TASK when there is no such job or task
     */
    @Transactional(readOnly = true)
    public long taskIdForLogs(String user, String jobName, String role, int index) {
        currentUser.checkIsSelfOrAdmin(user);
        return taskId(user, jobName, role, index);
    }

    /** The id of task {@code role-index} of a user's job; see {@link #taskIdForLogs}. */
    @Transactional(readOnly = true)
    public long taskId(String user, String jobName, String role, int index) {
        Job job = jobs.findByOwnerUsernameAndName(user, jobName).orElseThrow(() -> new JobException(
                JobException.Kind.NO_JOB, "Job " + user + "~" + jobName + " is not found."));
        return tasks.findByJobOrderByRoleNameAscTaskIndexAsc(job).stream()
                .filter(t -> t.getRoleName().equals(role) && t.getTaskIndex() == index).findFirst()
                .map(JobTask::getId).orElseThrow(() -> new JobException(JobException.Kind.NO_TASK,
                        "Task " + role + "-" + index + " of job " + job.getFrameworkName() + " is not found."));
    }

    /** The job as it runs: its resolved document with its secrets put back in. */
    @Transactional(readOnly = true)
    public JobSpec runnableSpec(long jobId) {
        return specs.of(job(jobId));
    }

    /** Records why a waiting task waits; writes only when the reason changed. */
    @Transactional
    public void taskWaiting(long taskId, String reason) {
        JobTask task = task(taskId);
        if (!reason.equals(task.getWaitingReason().orElse(null))) {
            task.setWaitingReason(reason);
        }
    }

    /** A task's process runs: the task, its job and the job's attempt are RUNNING. */
    @Transactional
    public void taskRunning(long taskId, String node, Instant at) {
        JobTask task = task(taskId);
        task.setWaitingReason(null);
        if (task.getState() == JobState.WAITING) {
            task.setState(JobState.RUNNING);
        }
        task.setStartedAt(at);
        task.setNode(node, null);
        Job job = task.getJob();
        if (job.getState() == JobState.WAITING) {
            job.setState(JobState.RUNNING);
            job.setStartedAt(job.getStartedAt().orElse(at));
            events.save(new JobEvent(job, at, JobEvent.Type.Normal, "Started", "First task started on " + node));
        }
        attempts.findFirstByJobOrderByAttemptIndexDesc(job).filter(a -> a.getState() == JobState.WAITING)
                .ifPresent(a -> {
                    a.setState(JobState.RUNNING);
                    a.setStartedAt(at);
                });
    }

    /** A task is being stopped. */
    @Transactional
    public void taskStopping(long taskId) {
        JobTask task = task(taskId);
        if (!task.getState().isFinal()) {
            task.setState(JobState.STOPPING);
        }
    }

    /** A task ended for good (no retry left, or the job decided). */
    @Transactional
    public void taskEnded(long taskId, JobState state, Integer exitCode, String diagnostics, Instant at) {
        JobTask task = task(taskId);
        task.setState(state);
        task.setWaitingReason(null);
        task.setExitCode(exitCode);
        task.setExitDiagnostics(diagnostics);
        task.setCompletedAt(at);
    }

    /** A task failed with retries left: it waits for its next attempt. */
    @Transactional
    public void taskRetry(long taskId, Integer exitCode, String diagnostics, Instant at) {
        JobTask task = task(taskId);
        task.setRetries(task.getRetries() + 1);
        task.setState(JobState.WAITING);
        task.setExitCode(exitCode);
        task.setExitDiagnostics(diagnostics);
        events.save(new JobEvent(task.getJob(), at, JobEvent.Type.Warning, "TaskRetry", "Task "
                + task.getRoleName() + "-" + task.getTaskIndex() + " failed and is retried ("
                + task.getRetries() + "): " + abbreviate(diagnostics)));
    }

    /**
     * A task failed in a way the platform, not the job, is to blame for (a lost node, an NCCL
     * timeout): it waits for its next attempt without a retry counted.
     *
     * @param diagnosis the catalogue's phrase for the failure ({@code NcclTimeout})
     * @param limit     how many platform retries a task gets, for the message
     */
    @Transactional
    public void taskPlatformRetry(long taskId, Integer exitCode, String diagnostics, String diagnosis, int limit,
                                  Instant at) {
        JobTask task = task(taskId);
        task.setPlatformRetries(task.getPlatformRetries() + 1);
        task.setState(JobState.WAITING);
        task.setExitCode(exitCode);
        task.setExitDiagnostics(diagnostics);
        String which = "platform retry " + task.getPlatformRetries() + " of " + limit + " after " + diagnosis;
        task.setWaitingReason(which);
        events.save(new JobEvent(task.getJob(), at, JobEvent.Type.Warning, "PlatformRetry", "Task "
                + task.getRoleName() + "-" + task.getTaskIndex() + " failed with a transient failure (" + diagnosis
                + ") and runs again as " + which + "; its retries are not counted: " + abbreviate(diagnostics)));
    }

    /** The job ended; tasks that never ran end with it as STOPPED. */
    @Transactional
    public void jobEnded(long jobId, JobState state, Integer exitCode, String diagnostics, Instant at) {
        Job job = job(jobId);
        job.setState(state);
        job.setExitCode(exitCode);
        job.setExitDiagnostics(diagnostics);
        job.setCompletedAt(at);
        attempts.findFirstByJobOrderByAttemptIndexDesc(job).ifPresent(a -> {
            a.setState(state);
            a.setCompletedAt(at);
            a.setExitCode(exitCode);
            a.setExitDiagnostics(diagnostics);
        });
        tasks.stopUnfinished(job, at);
        String reason = switch (state) {
            case SUCCEEDED -> "Succeeded";
            case STOPPED -> "Stopped";
            default -> "Failed";
        };
        events.save(new JobEvent(job, at, state == JobState.FAILED ? JobEvent.Type.Warning : JobEvent.Type.Normal,
                reason, abbreviate(diagnostics)));
    }

    /** The job failed with job retries left: a new attempt starts with every task waiting. */
    @Transactional
    public void jobRetry(long jobId, Integer exitCode, String diagnostics, Instant at) {
        Job job = job(jobId);
        attempts.findFirstByJobOrderByAttemptIndexDesc(job).ifPresent(a -> {
            a.setState(JobState.FAILED);
            a.setCompletedAt(at);
            a.setExitCode(exitCode);
            a.setExitDiagnostics(diagnostics);
            attempts.save(new JobAttempt(job, a.getAttemptIndex() + 1));
        });
        job.setRetries(job.getRetries() + 1);
        job.setState(JobState.WAITING);
        for (JobTask task : tasks.findByJobOrderByRoleNameAscTaskIndexAsc(job)) {
            task.setState(JobState.WAITING);
            task.setRetries(0);
            task.setPlatformRetries(0);
            task.setExitCode(null);
            task.setExitDiagnostics(null);
            task.setStartedAt(null);
            task.setCompletedAt(null);
        }
        events.save(new JobEvent(job, at, JobEvent.Type.Warning, "JobRetry", "Job attempt failed and is retried ("
                + job.getRetries() + "): " + abbreviate(diagnostics)));
    }

    /** An event in the job's history. */
    @Transactional
    public void event(long jobId, boolean warning, String reason, String message, Instant at) {
        events.save(new JobEvent(job(jobId), at, warning ? JobEvent.Type.Warning : JobEvent.Type.Normal, reason,
                abbreviate(message)));
    }

    private Job job(long id) {
        return jobs.findById(id).orElseThrow(() -> new IllegalStateException("No job " + id));
    }

    private JobTask task(long id) {
        return tasks.findById(id).orElseThrow(() -> new IllegalStateException("No task " + id));
    }

    private static String abbreviate(String text) {
        String value = text == null ? "" : text;
        return value.length() <= JobEvent.MESSAGE_MAX ? value : value.substring(0, JobEvent.MESSAGE_MAX - 1) + "…";
    }
}
