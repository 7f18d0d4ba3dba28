package org.gantry.runtime.reconcile;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.gantry.job.Job;
import org.gantry.job.JobRunService.RunnableJob;
import org.gantry.job.JobRunService.RunnableTask;
import org.gantry.job.JobState;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.TaskRole;

/**
 * Decides jobs: a stop request stops their attempts and ends them STOPPED once nothing runs;
 * a completion-policy verdict stops what still runs and then ends the job, or starts a new job
 * attempt while {@code jobRetryCount} allows.
 */
class JobVerdicts {

    private final RuntimeStore store;
    private final AttemptFollower follower;

    JobVerdicts(RuntimeStore store, AttemptFollower follower) {
        this.store = store;
        this.follower = follower;
    }

    /** Applies stop requests and verdicts; returns the jobs that must not get new launches. */
    Set<Long> apply(Map<Long, RunnableJob> jobs, List<TaskAttempt> active, Map<Long, JobSpec> specs) {
        Map<Long, List<TaskAttempt>> byJob = active.stream().collect(Collectors.groupingBy(TaskAttempt::getJobId));
        for (TaskAttempt attempt : active) {
            if (!jobs.containsKey(attempt.getJobId())) {
                follower.stop(attempt, false);  // its job ended (stopped while it was being launched)
            }
        }
        Set<Long> decided = new HashSet<>();
        for (RunnableJob job : jobs.values()) {
            List<TaskAttempt> running = byJob.getOrDefault(job.id(), List.of());
            if (job.executionType() == Job.ExecutionType.STOP) {
                decided.add(job.id());
                running.forEach(a -> follower.stop(a, true));
                if (running.isEmpty()) {
                    store.jobEnded(job.id(), JobState.STOPPED, null, "Stopped on request");
                }
                continue;
            }
            JobSpec spec = specs.get(job.id());
            Optional<Ending> ending = ending(job, spec);
            if (ending.isEmpty()) {
                continue;
            }
            decided.add(job.id());
            if (!running.isEmpty()) {
                running.forEach(a -> follower.stop(a, true));
                continue;
            }
            store.jobEnding(job.id(), ending.get());
        }
        return decided;
    }

    /** How a job ends (or retries) when the completion policy decided it; empty while it continues. */
    record Ending(JobState state, Integer exitCode, String diagnostics, boolean retry) {
    }

    /** The completion policy's verdict on a job that is not being stopped, as an ending. */
    static Optional<Ending> ending(RunnableJob job, JobSpec spec) {
        CompletionPolicy.Verdict verdict = CompletionPolicy.verdict(roles(spec), tasks(job));
        if (verdict.outcome() == CompletionPolicy.Outcome.CONTINUE) {
            return Optional.empty();
        }
        String reason = verdict.reason().orElse("");
        if (verdict.outcome() == CompletionPolicy.Outcome.SUCCEEDED) {
            return Optional.of(new Ending(JobState.SUCCEEDED, 0, reason, false));
        }
        Optional<RunnableTask> failed = job.tasks().stream().filter(t -> t.state() == JobState.FAILED).findFirst();
        Integer exitCode = failed.flatMap(RunnableTask::exitCode).orElse(1);
        String diagnostics = reason + failed.map(t -> "\ntask " + t.role() + "-" + t.index() + ": "
                + t.exitDiagnostics().orElse("exit code " + t.exitCode().map(String::valueOf).orElse("unknown")))
                .orElse("");
        return Optional.of(new Ending(JobState.FAILED, exitCode, diagnostics, job.retries() < spec.jobRetryCount()));
    }

    static List<CompletionPolicy.Role> roles(JobSpec spec) {
        List<CompletionPolicy.Role> roles = new ArrayList<>();
        for (TaskRole role : spec.taskRoles().values()) {
            roles.add(new CompletionPolicy.Role(role.name(), role.instances(),
                    role.completion().minFailedInstances(), role.completion().minSucceededInstances()));
        }
        return roles;
    }

    private static List<CompletionPolicy.Task> tasks(RunnableJob job) {
        return job.tasks().stream().map(t -> new CompletionPolicy.Task(t.role(), t.index(), switch (t.state()) {
            case WAITING -> CompletionPolicy.TaskState.PENDING;
            case RUNNING, STOPPING -> CompletionPolicy.TaskState.RUNNING;
            case SUCCEEDED -> CompletionPolicy.TaskState.SUCCEEDED;
            case FAILED -> CompletionPolicy.TaskState.FAILED;
            case STOPPED -> CompletionPolicy.TaskState.STOPPED;
        })).toList();
    }
}
