package org.gantry.runtime.reconcile;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.Job;
import org.gantry.job.JobRunService;
import org.gantry.job.JobState;
import org.gantry.job.protocol.JobSpec;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.MeasuredUse;
import org.gantry.runtime.Resources;
import org.gantry.runtime.TaskObservation;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * The reconciler's transactions: each method commits one step of decision 0005 — the
 * attempt's record and the job's state together — before the reconciler acts on it. Every
 * write is fenced by the runtime lease (decision 0040): it is refused with
 * {@link LeaderLease.NotLeader} unless this instance leads.
 */
@Component
public class RuntimeStore {

    /**
     * What becomes of a task when its attempt ended: it ends in {@code state} (FINAL), waits
     * for a retry (RETRY), waits for a new attempt without a retry counted because the attempt
     * never ran (RELAUNCH) or because its failure was transient (PLATFORM_RETRY, with the
     * failure's {@code diagnosis} and the {@code limit} of such retries), or stays as it is
     * because its job already ended (UNTOUCHED).
     */
    record Fate(Kind kind, JobState state, String diagnosis, int limit) {
        enum Kind { FINAL, RETRY, PLATFORM_RETRY, RELAUNCH, UNTOUCHED }

        static Fate ends(JobState state) {
            return new Fate(Kind.FINAL, state, null, 0);
        }

        static Fate platformRetry(String diagnosis, int limit) {
            return new Fate(Kind.PLATFORM_RETRY, JobState.WAITING, diagnosis, limit);
        }

        static final Fate RETRY = new Fate(Kind.RETRY, JobState.WAITING, null, 0);
        static final Fate RELAUNCH = new Fate(Kind.RELAUNCH, JobState.WAITING, null, 0);
        static final Fate UNTOUCHED = new Fate(Kind.UNTOUCHED, JobState.WAITING, null, 0);
    }

    /** A task to claim for launch, with where it goes. */
    record Claim(long taskId, int retry, String executor, String target, Resources resources, String host,
                 Map<String, List<Integer>> ports) {
    }

    private final TaskAttemptRepository attempts;
    private final JobRunService jobs;
    private final Clock clock;
    private final LeaderLease lease;
    private final RuntimeHalts halts;
    private final java.util.concurrent.atomic.AtomicLong changes = new java.util.concurrent.atomic.AtomicLong();

    RuntimeStore(TaskAttemptRepository attempts, JobRunService jobs, Clock clock, LeaderLease lease,
                 RuntimeHalts halts) {
        this.attempts = attempts;
        this.halts = halts;
        this.lease = lease;
        this.jobs = jobs;
        this.clock = clock;
    }

    /** Counts the changes committed through this store; a pass reads it to skip needless reloads. */
    long changes() {
        return changes.get();
    }

    @Transactional(readOnly = true)
    public List<TaskAttempt> active() {
        return attempts.findByStateNotOrderById(TaskAttempt.State.ENDED);
    }

    @Transactional(readOnly = true)
    public Optional<TaskAttempt> attempt(long id) {
        return attempts.findById(id);
    }

    /**
     * Claims a job's tasks for launch in one transaction; the partial unique index on active
     * attempts makes it fail as a whole when any task has an active attempt already.
     */
    @Transactional
    public List<TaskAttempt> claim(long jobId, int jobAttempt, List<Claim> claims, String claimedBy) {
        changes.incrementAndGet();
        lease.fence();
        Instant now = clock.instant();
        List<TaskAttempt> claimed = claims.stream().map(c -> new TaskAttempt(c.taskId(), jobId, jobAttempt, c.retry(),
                attempts.lastAttemptNumber(c.taskId()) + 1, c.executor(), c.target(), claimedBy, c.resources(),
                c.host(), PortList.format(c.ports()), now)).toList();
        return attempts.saveAllAndFlush(claimed);
    }

    /**
     * Records a launched attempt's handle; with {@code runningOn} (the executor knows it runs
     * already) it is marked running on that node in the same commit.
     */
    @Transactional
    public void launched(long attemptId, ExecutionHandle handle, Optional<String> runningOn) {
        changes.incrementAndGet();
        lease.fence();
        TaskAttempt attempt = require(attemptId);
        if (attempt.getState() == TaskAttempt.State.LAUNCHING) {
            Instant now = clock.instant();
            attempt.launched(handle, now);
            runningOn.ifPresent(node -> markRunning(attempt, node, now));
        }
    }

    /** Notes why a launch failed; the attempt stays LAUNCHING until it is settled (fenced or found). */
    @Transactional
    public void launchFailed(long attemptId, String message) {
        changes.incrementAndGet();
        lease.fence();
        require(attemptId).launchFailed(message);
    }

    @Transactional
    public void running(long attemptId, String node) {
        changes.incrementAndGet();
        lease.fence();
        markRunning(require(attemptId), node, clock.instant());
    }

    private void markRunning(TaskAttempt attempt, String node, Instant now) {
        boolean first = attempt.getStartedAt().isEmpty();
        attempt.running(node, now);
        if (first) {
            jobs.taskRunning(attempt.getTaskId(), node == null ? "" : node, now);
            halts.afterCommit(RuntimeHalts.Transition.RUNNING);
        }
    }

    /** Marks the attempt's stop as sent; the task shows STOPPING unless the job already ended. */
    @Transactional
    public void stopRequested(long attemptId, boolean touchTask) {
        changes.incrementAndGet();
        lease.fence();
        TaskAttempt attempt = require(attemptId);
        attempt.stopRequested(clock.instant());
        if (touchTask) {
            jobs.taskStopping(attempt.getTaskId());
        }
    }

    /**
     * Ends an attempt that settling found never started, with its task's fate; nothing (false)
     * when the attempt is no longer LAUNCHING: its launch was recorded after the pass read it, the
     * task runs, and ending the attempt would leave a running task that nothing follows.
     */
    @Transactional
    public boolean neverStarted(long attemptId, String diagnostics, Fate fate) {
        if (require(attemptId).getState() != TaskAttempt.State.LAUNCHING) {
            return false;
        }
        ended(attemptId, Optional.empty(), TaskObservation.Phase.FAILED, null, diagnostics, MeasuredUse.NONE, fate,
                Optional.empty());
        return true;
    }

    /**
     * Records an attempt's end and its task's fate; {@code startedOn} (the node) marks it running
     * first when no pass saw it run, in the same transaction. With the job's {@code spec}, a task
     * that ended for good also brings its job's verdict when it can be given at once (see
     * {@link #decideJob}).
     */
    @Transactional
    public void ended(long attemptId, Optional<String> startedOn, TaskObservation.Phase phase, Integer exitCode,
                      String diagnostics, MeasuredUse used, Fate fate, Optional<JobSpec> spec) {
        changes.incrementAndGet();
        lease.fence();
        TaskAttempt attempt = require(attemptId);
        if (attempt.getState() == TaskAttempt.State.ENDED) {
            return;
        }
        Instant now = clock.instant();
        startedOn.ifPresent(node -> markRunning(attempt, node, now));
        attempt.ended(phase, exitCode, diagnostics, used, now);
        halts.afterCommit(RuntimeHalts.Transition.ENDING);
        if (fate.kind() == Fate.Kind.FINAL) {
            jobs.taskEnded(attempt.getTaskId(), fate.state(), exitCode, diagnostics, now);
            spec.ifPresent(s -> decideJob(attempt.getJobId(), s, now));
        } else if (fate.kind() == Fate.Kind.RETRY) {
            jobs.taskRetry(attempt.getTaskId(), exitCode, diagnostics, now);
        } else if (fate.kind() == Fate.Kind.PLATFORM_RETRY) {
            attempt.platformRetried(fate.diagnosis());
            jobs.taskPlatformRetry(attempt.getTaskId(), exitCode, diagnostics, fate.diagnosis(), fate.limit(), now);
        }
    }

    /**
     * The verdict on a job whose task just ended for good, in the same transaction, when nothing
     * else of it runs and nobody asked to stop it; otherwise the reconciler's verdicts decide
     * (they stop what still runs first).
     */
    private void decideJob(long jobId, JobSpec spec, Instant now) {
        if (attempts.existsByJobIdAndStateNot(jobId, TaskAttempt.State.ENDED)) {
            return;
        }
        jobs.jobs(List.of(jobId)).stream()
                .filter(job -> !job.state().isFinal() && job.executionType() == Job.ExecutionType.START)
                .findFirst()
                .flatMap(job -> JobVerdicts.ending(job, spec))
                .ifPresent(ending -> end(jobId, ending, now));
    }

    /** Ends a job as its verdict says, or starts its next job attempt. */
    @Transactional
    public void jobEnding(long jobId, JobVerdicts.Ending ending) {
        changes.incrementAndGet();
        lease.fence();
        end(jobId, ending, clock.instant());
    }

    private void end(long jobId, JobVerdicts.Ending ending, Instant now) {
        if (ending.retry()) {
            jobs.jobRetry(jobId, ending.exitCode(), ending.diagnostics(), now);
        } else {
            jobs.jobEnded(jobId, ending.state(), ending.exitCode(), ending.diagnostics(), now);
        }
    }

    @Transactional
    public void waitingReasons(Map<Long, String> reasons) {
        changes.incrementAndGet();
        lease.fence();
        reasons.forEach(jobs::taskWaiting);
    }

    @Transactional
    public void taskFailed(long taskId, String diagnostics) {
        changes.incrementAndGet();
        lease.fence();
        jobs.taskEnded(taskId, JobState.FAILED, null, diagnostics, clock.instant());
    }

    /** Records the inputs found for a job (its tasks are admitted next), in its events. */
    @Transactional
    public void inputsChecked(long jobId, String checked) {
        changes.incrementAndGet();
        lease.fence();
        jobs.event(jobId, false, "InputsChecked", "Inputs found before admission:\n" + checked, clock.instant());
    }

    /** Fails a job whose inputs are missing, before any of its tasks ran; the check goes to its events. */
    @Transactional
    public void inputsMissing(long jobId, String message, String checked) {
        changes.incrementAndGet();
        lease.fence();
        Instant now = clock.instant();
        jobs.event(jobId, true, "InputsChecked", "Inputs checked before admission:\n" + checked, now);
        jobs.jobEnded(jobId, JobState.FAILED, null, message, now);
    }

    @Transactional
    public void jobEnded(long jobId, JobState state, Integer exitCode, String diagnostics) {
        changes.incrementAndGet();
        lease.fence();
        jobs.jobEnded(jobId, state, exitCode, diagnostics, clock.instant());
    }

    /** The latest launched attempt of a task, in one job attempt and retry when given. */
    @Transactional(readOnly = true)
    public Optional<TaskAttempt> launchedAttempt(long taskId, Optional<Integer> jobAttempt, Optional<Integer> retry) {
        if (jobAttempt.isPresent() && retry.isPresent()) {
            return attempts.findByTaskIdAndJobAttemptAndRetryAndExternalIdNotNullOrderByAttemptDesc(taskId,
                    jobAttempt.get(), retry.get()).stream().findFirst();
        }
        return attempts.findByTaskIdAndExternalIdNotNullOrderByAttemptDesc(taskId).stream().findFirst();
    }

    private TaskAttempt require(long id) {
        return attempts.findById(id).orElseThrow(() -> new IllegalStateException("No task attempt " + id));
    }
}
