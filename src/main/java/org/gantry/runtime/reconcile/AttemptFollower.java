package org.gantry.runtime.reconcile;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.gantry.job.JobRunService.RunnableJob;
import org.gantry.job.JobRunService.RunnableTask;
import org.gantry.job.JobState;
import org.gantry.job.protocol.JobSpec;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.MeasuredUse;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.ExecutorRegistry;
import org.gantry.runtime.Reattachment;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.TaskPlanner;
import org.gantry.runtime.reconcile.RuntimeStore.Fate;
import org.gantry.runtime.TaskObservation.Phase;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.OptimisticLockingFailureException;

/**
 * The reconciler's work on attempts that exist: settling launches a crash may have cut short,
 * observing launched attempts and recording what changed, and sending stops.
 */
class AttemptFollower {

    private static final Logger log = LoggerFactory.getLogger(AttemptFollower.class);

    private final RuntimeStore store;
    private final ExecutorRegistry executors;
    private final LaunchBackoff backoff;
    private final Duration stopGrace;
    private final Clock clock;
    private final TransientFailures transients;
    private final RuntimeProperties.PlatformRetries platformRetries;

    AttemptFollower(RuntimeStore store, ExecutorRegistry executors, LaunchBackoff backoff, Duration stopGrace,
                    Clock clock, TransientFailures transients, RuntimeProperties.PlatformRetries platformRetries) {
        this.store = store;
        this.executors = executors;
        this.backoff = backoff;
        this.stopGrace = stopGrace;
        this.clock = clock;
        this.transients = transients;
        this.platformRetries = platformRetries;
    }

    static AttemptRef ref(TaskAttempt attempt, RunnableJob job, RunnableTask task) {
        return new AttemptRef(job.user(), job.name(), task.role(), task.index(), attempt.getAttempt());
    }

    /**
     * Settles LAUNCHING attempts no launch of this process works on: found → LAUNCHED;
     * fenced → ENDED, and the task relaunches (or fails when its launch failed for good). Jobs
     * in parallel, the attempts of one job one after the other; a target found unreachable in
     * this pass is not asked again in it.
     */
    void settle(List<TaskAttempt> active, Set<Long> inFlight, Map<Long, RunnableJob> jobs,
                Map<Long, RunnableJob> endedJobs, ExecutorService pool, UnreachableTargets unreachable) {
        perJob(active.stream().filter(a -> a.getState() == TaskAttempt.State.LAUNCHING
                && !inFlight.contains(a.getId())).toList(), pool, a -> settle(a, jobs, endedJobs, unreachable));
    }

    /** Jobs in parallel on the pool, the attempts of one job one after the other (they change the same job row). */
    private static void perJob(List<TaskAttempt> attempts, ExecutorService pool, Consumer<TaskAttempt> action) {
        List<CompletableFuture<Void>> work = new ArrayList<>();
        for (List<TaskAttempt> ofJob : attempts.stream()
                .collect(Collectors.groupingBy(TaskAttempt::getJobId)).values()) {
            work.add(CompletableFuture.runAsync(() -> ofJob.forEach(action), pool));
        }
        work.forEach(CompletableFuture::join);
    }

    private void settle(TaskAttempt attempt, Map<Long, RunnableJob> jobs, Map<Long, RunnableJob> endedJobs,
                        UnreachableTargets unreachable) {
        RunnableJob job = jobs.getOrDefault(attempt.getJobId(), endedJobs.get(attempt.getJobId()));
        Optional<RunnableTask> task = job == null ? Optional.empty() : job.tasks().stream()
                .filter(t -> t.id() == attempt.getTaskId()).findFirst();
        if (task.isEmpty() || unreachable.skips(attempt)) {
            return;
        }
        try {
            Reattachment found = executors.get(attempt.getExecutor())
                    .reattach(attempt.getTarget(), ref(attempt, job, task.get()));
            if (found.wasStarted()) {
                log.info("Task attempt {} was started before Gantry stopped; following it as {}",
                        ref(attempt, job, task.get()), found.handle().get());
                store.launched(attempt.getId(), found.handle().get(), Optional.empty());
            } else {
                neverStarted(attempt, task.get(), jobs.containsKey(attempt.getJobId()));
            }
        } catch (ExecutorException e) {
            if (e.isPermanent()) {
                neverStarted(attempt, task.get(), jobs.containsKey(attempt.getJobId()));
            } else if (!unreachable.add(attempt, e)) {
                log.warn("Cannot settle task attempt {} yet: {}", ref(attempt, job, task.get()), e.getMessage());
            }
        }
    }

    private void neverStarted(TaskAttempt attempt, RunnableTask task, boolean jobUnfinished) {
        String why = attempt.getDiagnostics().orElse("Gantry stopped before launching it");
        boolean giveUp = backoff.failed(task.id(), why);
        Fate fate = !jobUnfinished ? Fate.UNTOUCHED : giveUp ? Fate.ends(JobState.FAILED) : Fate.RELAUNCH;
        if (!store.neverStarted(attempt.getId(), "never started: " + why, fate)) {
            backoff.launched(task.id());  // its launch was recorded after this pass read it: it did start
        }
    }

    /**
     * Observes launched attempts and records what changed: jobs in parallel, the attempts of
     * one job one after the other (they change the same job row); a target found unreachable
     * in this pass is not asked again in it.
     */
    void observe(List<TaskAttempt> active, Map<Long, RunnableJob> jobs, Map<Long, JobSpec> specs,
                 ExecutorService pool, UnreachableTargets unreachable) {
        perJob(active.stream().filter(a -> a.getState() == TaskAttempt.State.LAUNCHED).toList(), pool,
                a -> observe(a, jobs, specs, unreachable));
    }

    private void observe(TaskAttempt attempt, Map<Long, RunnableJob> jobs, Map<Long, JobSpec> specs,
                         UnreachableTargets unreachable) {
        ExecutionHandle handle = attempt.handle().orElseThrow();
        if (unreachable.skips(attempt)) {
            return;
        }
        try {
            Executor executor = executors.get(attempt.getExecutor());
            TaskObservation seen = executor.observe(handle);
            RunnableJob job = jobs.get(attempt.getJobId());
            Optional<RunnableTask> task = job == null ? Optional.empty()
                    : job.tasks().stream().filter(t -> t.id() == attempt.getTaskId()).findFirst();
            if (seen.phase() == Phase.QUEUED) {
                seen.diagnostics().filter(d -> task.isPresent()).ifPresent(reason ->
                        store.waitingReasons(Map.of(attempt.getTaskId(), reason)));
            } else if (seen.phase() == Phase.RUNNING) {
                if (attempt.getStartedAt().isEmpty()) {
                    store.running(attempt.getId(), seen.node().orElse(""));
                }
            } else {
                // an attempt that ended before a pass saw it run is marked running in the same commit
                Optional<String> startedOn = attempt.getStartedAt().isEmpty() && task.isPresent()
                        ? Optional.of(seen.node().orElse("")) : Optional.empty();
                String diagnostics = diagnostics(executor, handle, seen);
                Fate fate = fate(seen, attempt, job, task, specs);
                if (retriable(fate) && transients.mayRetry(task.get().platformRetries())) {
                    Optional<String> diagnosis = transients.diagnose(executor, handle, seen.exitCode().isPresent()
                            ? Optional.of(seen.exitCode().getAsInt()) : Optional.empty(), diagnostics);
                    if (diagnosis.isPresent()) {
                        fate = Fate.platformRetry(diagnosis.get(), transients.limit());
                        // set before the task waits again, so that no admission in between launches it early
                        backoff.delay(task.get().id(), platformRetries.delay(task.get().platformRetries() + 1));
                    }
                }
                store.ended(attempt.getId(), startedOn, seen.phase(), seen.exitCode().isPresent()
                        ? seen.exitCode().getAsInt() : null, diagnostics, measured(executor, handle), fate,
                        job == null ? Optional.empty() : Optional.ofNullable(specs.get(job.id())));
                executor.release(handle);
            }
        } catch (ExecutorException e) {
            if (!unreachable.add(attempt, e)) {
                log.warn("Cannot observe task attempt {} ({}): {}", attempt.getId(), handle, e.getMessage());
            }
        } catch (OptimisticLockingFailureException e) {
            log.debug("Task attempt {} changed meanwhile; observed again next pass", attempt.getId());
        } catch (RuntimeException e) {
            log.error("Observing task attempt {} ({}) failed", attempt.getId(), handle, e);
        }
    }

    /** What the ended attempt used; a measurement that fails costs the figures, never the end. */
    private static MeasuredUse measured(Executor executor, ExecutionHandle handle) {
        try {
            return executor.measured(handle);
        } catch (ExecutorException | RuntimeException e) {
            log.debug("No measured use of {}: {}", handle, e.toString());
            return MeasuredUse.NONE;
        }
    }

    private static String diagnostics(Executor executor, ExecutionHandle handle, TaskObservation seen) {
        List<String> parts = new ArrayList<>();
        seen.diagnostics().ifPresent(parts::add);
        if (seen.phase() == Phase.FAILED || seen.phase() == Phase.KILLED_OOM) {
            StepDiagnostics.describe(executor, handle).ifPresent(parts::add);
        }
        return parts.isEmpty() ? null : String.join("\n", parts);
    }

    /** A failure that retries the task or fails it: one a transient cause turns into a platform retry. */
    private static boolean retriable(Fate fate) {
        return fate.kind() == Fate.Kind.RETRY
                || fate.kind() == Fate.Kind.FINAL && fate.state() == JobState.FAILED;
    }

    private static Fate fate(TaskObservation seen, TaskAttempt attempt, RunnableJob job,
                             Optional<RunnableTask> task, Map<Long, JobSpec> specs) {
        if (job == null || task.isEmpty() || job.state().isFinal()) {
            return Fate.UNTOUCHED;
        }
        if (seen.phase() == Phase.SUCCEEDED) {
            return Fate.ends(JobState.SUCCEEDED);
        }
        if (seen.phase() == Phase.STOPPED || attempt.getStopRequestedAt().isPresent()
                || job.executionType() == org.gantry.job.Job.ExecutionType.STOP) {
            return Fate.ends(JobState.STOPPED);
        }
        JobSpec spec = specs.get(job.id());
        int retries = spec == null ? 0 : TaskPlanner.role(spec, task.get().role()).taskRetryCount();
        return task.get().retries() < retries ? Fate.RETRY : Fate.ends(JobState.FAILED);
    }

    /**
     * Asks an attempt to stop once, and again when it outlived twice the grace period (its
     * executor may have missed the first request across a restart).
     */
    void stop(TaskAttempt attempt, boolean touchTask) {
        boolean asked = attempt.getStopRequestedAt()
                .filter(at -> at.plus(stopGrace.multipliedBy(2)).isAfter(clock.instant())).isPresent();
        if (asked || attempt.getState() != TaskAttempt.State.LAUNCHED) {
            return;
        }
        store.stopRequested(attempt.getId(), touchTask);
        try {
            executors.get(attempt.getExecutor()).stop(attempt.handle().orElseThrow(), stopGrace);
        } catch (ExecutorException e) {
            log.warn("Cannot stop task attempt {} yet: {}", attempt.getId(), e.getMessage());
        }
    }
}
