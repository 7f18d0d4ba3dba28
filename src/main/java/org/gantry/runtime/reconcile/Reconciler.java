package org.gantry.runtime.reconcile;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.gantry.base.db.DatabaseHealth;
import org.gantry.base.db.DatabaseOutage;
import org.gantry.job.JobStateChanged;
import org.gantry.job.JobStorages;
import org.gantry.job.JobRunService;
import org.gantry.job.JobRunService.RunnableJob;
import org.gantry.job.JobState;
import org.gantry.job.protocol.JobSpec;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.ExecutorRegistry;
import org.gantry.runtime.FailureClassifier;
import org.gantry.runtime.InputReadiness;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TaskLaunch;
import org.gantry.runtime.TaskMount;
import org.gantry.runtime.TaskPlanner;
import org.gantry.security.GroupService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Drives jobs to their end, level-driven (decision 0005): one thread runs a pass every
 * {@code gantry.runtime.reconcile-interval} and whenever woken (a job state committed — a
 * submission, a stop request —, a local task ending, a launch done unless the executor will
 * report the task's end). A pass settles interrupted launches, observes launched attempts,
 * applies stop requests and verdicts, and admits waiting tasks. Of several Gantry instances on
 * one database only the one holding the runtime lease runs passes (decision 0040).
 */
@Component
class Reconciler implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(Reconciler.class);
    /** The longest wait between two looks at an unreachable database. */
    private static final Duration OUTAGE_WAIT_MAX = Duration.ofSeconds(5);

    private final RuntimeStore store;
    private final JobRunService jobRuns;
    private final GroupService groups;
    private final RuntimeProperties settings;
    private final TaskPlanner planner;
    private final AttemptFollower follower;
    private final JobVerdicts verdicts;
    private final Admission admission;
    private final LaunchBackoff backoff;
    private final ObjectProvider<JobStorages> storages;
    private final LeaderLease lease;
    private final RuntimeHalts halts;
    private final DatabaseHealth database;
    private final Set<Long> inFlight = ConcurrentHashMap.newKeySet();
    private final Map<Long, JobSpec> specs = new ConcurrentHashMap<>();
    private final Semaphore wake = new Semaphore(0);
    /**
     * Why passes are asked for: job commits of others (submissions, stop requests), counted
     * apart from every other reason, so that a pass whose reads already saw a commit is not
     * run again for it ({@link #loop}). Each count goes up before its wake.
     */
    private final AtomicLong jobEvents = new AtomicLong();
    private final AtomicLong otherWakes = new AtomicLong();
    /** {@link #jobEvents} as it was when a pass last began to read the unfinished jobs. */
    private volatile long jobEventsRead;
    /** {@link #otherWakes} as the loop last saw it before a pass; read and written by its thread only. */
    private long othersPassed = -1;
    /** Counts the executors' news ({@link Executor#onChange}); a launch reads it to know whether news came meanwhile. */
    private final AtomicLong executorNews = new AtomicLong();
    /**
     * The pass's thread and the threads it observes and launches on: the job states they commit
     * wake no pass (a launch wakes one itself when it is done, see {@link #launch}).
     */
    private final Set<Thread> ownThreads = ConcurrentHashMap.newKeySet();
    private final ExecutorService launchers = Executors.newFixedThreadPool(4, own(daemon("task-launch")));
    private final ExecutorService observers = Executors.newFixedThreadPool(4, own(daemon("task-observe")));
    private volatile Thread thread;

    Reconciler(RuntimeStore store, JobRunService jobRuns, GroupService groups, ExecutorRegistry executors,
               List<Executor> all, RuntimeProperties settings, Clock clock, ObjectProvider<JobStorages> storages,
               ObjectProvider<FailureClassifier> classifier, ObjectProvider<InputReadiness> inputs,
               LeaderLease lease, RuntimeHalts halts, DatabaseHealth database) {
        this.storages = storages;
        this.halts = halts;
        this.lease = lease;
        this.database = database;
        this.store = store;
        this.jobRuns = jobRuns;
        this.groups = groups;
        this.settings = settings;
        this.planner = new TaskPlanner(settings.pip().options());
        this.backoff = new LaunchBackoff(clock);
        this.follower = new AttemptFollower(store, executors, backoff, settings.stopGrace(), clock,
                new TransientFailures(Optional.ofNullable(classifier.getIfAvailable()), settings.platformRetries()),
                settings.platformRetries());
        this.verdicts = new JobVerdicts(store, follower);
        this.admission = new Admission(store, executors, backoff, settings, lease.claimant(),
                Optional.ofNullable(inputs.getIfAvailable()), this::wakeUp);
        all.forEach(executor -> executor.onChange(() -> {
            executorNews.incrementAndGet();
            wakeUp();
        }));
    }

    /** Asks for a pass now. */
    public void wakeUp() {
        otherWakes.incrementAndGet();
        wake.release();
    }

    /**
     * A submission or a stop request: a pass after the commit. The reconciler's own changes
     * wake nobody: the pass that made them reads again what it changed before going on.
     */
    @TransactionalEventListener(fallbackExecution = true)
    void onJobStateChanged(JobStateChanged event) {
        if (!ownThreads.contains(Thread.currentThread())) {
            if (event.state() == JobState.WAITING) {
                halts.at(RuntimeHalts.Transition.SUBMITTED);
            }
            jobEvents.incrementAndGet();
            wake.release();
        }
    }

    private void loop() {
        while (thread == Thread.currentThread()) {
            try {
                boolean woken = wake.tryAcquire(settings.reconcileInterval().toMillis(), TimeUnit.MILLISECONDS);
                wake.drainPermits();
                long others = otherWakes.get();
                if (woken && others == othersPassed && jobEvents.get() <= jobEventsRead) {
                    continue;  // woken only by job commits that a read of the last pass already saw
                }
                othersPassed = others;
                if (!lease.leading()) {
                    continue;  // another Gantry leads (decision 0040); the lease wakes this one when it leads
                }
                pass();
            } catch (InterruptedException e) {
                return;
            } catch (LeaderLease.NotLeader e) {
                log.warn("Reconciler pass stopped: {}", e.getMessage());
            } catch (RuntimeException e) {
                if (database.failed(e)) {
                    try {
                        awaitDatabase();
                    } catch (InterruptedException stopped) {
                        return;
                    }
                    continue;
                }
                // level-driven: the next pass starts again from what the database holds
                log.error("Reconciler pass failed", e);
            }
        }
    }

    /**
     * The database is unreachable: no pass can read or record anything. Tasks already launched
     * run on (their runners keep their ends in files); the first pass after the outage reads
     * those ends and records them. Waits for the database, checking at most every
     * {@link #OUTAGE_WAIT_MAX}, and asks for a pass when it answers again.
     */
    private void awaitDatabase() throws InterruptedException {
        log.warn("Reconciler waits for the database");
        long waited = 0;
        Duration wait = Duration.ofMillis(500);
        while (!database.awaitAvailable(wait) && thread == Thread.currentThread()) {
            waited += wait.toMillis();
            wait = wait.multipliedBy(2).compareTo(OUTAGE_WAIT_MAX) > 0 ? OUTAGE_WAIT_MAX : wait.multipliedBy(2);
        }
        log.warn("Reconciler resumes after waiting {} ms for the database", waited);
        wakeUp();
    }

    /** One pass; public for tests that drive the reconciler step by step. */
    public synchronized void pass() {
        // the launches in flight before the attempts are read: an attempt read as LAUNCHING that is
        // not among them was left so by a launch that ended before this read without recording its
        // handle (an earlier run, a database outage) and is settled; a launch that ends after this
        // snapshot is still in it, so its attempt is never mistaken for one nobody works on
        Set<Long> launching = Set.copyOf(inFlight);
        Map<Long, RunnableJob> jobs = unfinished();
        List<TaskAttempt> active = store.active();
        Set<Long> orphanJobs = active.stream().map(TaskAttempt::getJobId).filter(id -> !jobs.containsKey(id))
                .collect(Collectors.toSet());
        Map<Long, RunnableJob> endedJobs = orphanJobs.isEmpty() ? Map.of()
                : jobRuns.jobs(orphanJobs).stream().collect(Collectors.toMap(RunnableJob::id, j -> j));
        long before = store.changes();
        UnreachableTargets unreachable = new UnreachableTargets();
        // running attempts first: their ends are recorded before any settling, and a target they
        // find unreachable is spared the settling round trips (and any launch) of this pass
        follower.observe(active, jobs, specs, observers, unreachable);
        long beforeSettling = store.changes();
        follower.settle(active, launching, jobs, endedJobs, observers, unreachable);
        if (store.changes() != beforeSettling) {
            wakeUp();  // attempts settled as launched are observed by the next pass
        }
        boolean changed = store.changes() != before;
        Map<Long, RunnableJob> current = changed ? unfinished() : jobs;
        List<TaskAttempt> stillActive = changed ? store.active() : active;
        long beforeVerdicts = store.changes();
        Set<Long> decided = verdicts.apply(current, stillActive, specs);
        if (store.changes() != beforeVerdicts) {
            wakeUp();  // a job retried or ended: admit its tasks, or others, with what is read then
        }
        unreachable.report();
        for (Admission.Admitted admitted : admission.admit(current, stillActive, decided, specs,
                groups::virtualClusters, unreachable)) {
            halts.at(RuntimeHalts.Transition.ADMITTED);
            inFlight.add(admitted.attempt().getId());
            launchers.execute(() -> launch(admitted));
        }
    }

    private Map<Long, RunnableJob> unfinished() {
        // the job commits announced so far came before this read: it sees them
        jobEventsRead = jobEvents.get();
        Map<Long, RunnableJob> jobs = new LinkedHashMap<>();
        for (RunnableJob job : jobRuns.unfinishedJobs()) {
            if (!specs.containsKey(job.id()) && !loadSpec(job)) {
                continue;
            }
            jobs.put(job.id(), job);
        }
        specs.keySet().retainAll(jobs.keySet());
        return jobs;
    }

    private boolean loadSpec(RunnableJob job) {
        try {
            specs.put(job.id(), jobRuns.runnableSpec(job.id()));
            return true;
        } catch (RuntimeException e) {
            if (DatabaseOutage.isCause(e)) {
                throw e;  // not the job's fault: the pass ends and waits for the database
            }
            log.error("Job {}~{} cannot run", job.user(), job.name(), e);
            store.jobEnded(job.id(), JobState.FAILED, null, "The job cannot be prepared to run: " + e.getMessage());
            return false;
        }
    }

    private void launch(Admission.Admitted admitted) {
        TaskAttempt attempt = admitted.attempt();
        RunnableJob job = admitted.job();
        AttemptRef ref = AttemptFollower.ref(attempt, job, admitted.task());
        long news = executorNews.get();
        boolean followed = false;
        try {
            Executor executor = admitted.executor();
            TaskLaunch launch = planner.launch(admitted.spec(), job.virtualCluster(), ref, admitted.layout(),
                    admitted.placement().cacheDir())
                    .withMounts(mounts(job.user(), executor.kind(), attempt.getTarget(), admitted.spec().extras()));
            ExecutionHandle handle = executor.submit(attempt.getTarget(), launch);
            halts.at(RuntimeHalts.Transition.LAUNCHING);
            Optional<String> runningOn = executor.runsAtOnceOn(handle);
            store.launched(attempt.getId(), handle, runningOn);
            backoff.launched(attempt.getTaskId());
            // recorded running, and its end will be news: no pass is needed until then
            followed = runningOn.isPresent() && executor.reportsEnds();
        } catch (ExecutorException e) {
            if (e.isUnreachable()) {
                backoff.unreachable(attempt.getTaskId());
            }
            launchFailed(attempt, ref, e.getMessage(), e.isPermanent());
        } catch (RuntimeException e) {
            if (database.failed(e)) {
                // the attempt stays LAUNCHING: the first pass after the outage asks the executor
                // whether it started (follower.settle) and follows or relaunches it
                log.warn("Launch of {} not recorded: the database is unreachable", ref);
            } else {
                launchFailed(attempt, ref, e.getMessage(), true);
            }
        } finally {
            inFlight.remove(attempt.getId());
            // news that came during the launch (the task may have ended already) found it in flight
            if (!followed || executorNews.get() != news) {
                wakeUp();
            }
        }
    }

    /** The storages the task sees; a storage the user lost, or cannot reach, fails the launch with why. */
    private List<TaskMount> mounts(String user, String executor, String target, Map<String, Object> extras) {
        JobStorages jobStorages = storages.getIfAvailable();
        if (jobStorages == null || !extras.containsKey("storages")) {
            return List.of();
        }
        return jobStorages.mounts(user, executor, target == null ? "" : target, extras).stream()
                .map(m -> new TaskMount(m.name(), m.mountPath(), m.readOnly(), m.hostDirectory())).toList();
    }

    private void launchFailed(TaskAttempt attempt, AttemptRef ref, String message, boolean permanent) {
        log.warn("Launch of {} failed{}: {}", ref, permanent ? " for good" : "", message);
        if (permanent) {
            backoff.giveUp(attempt.getTaskId());
        }
        try {
            store.launchFailed(attempt.getId(), message);
        } catch (RuntimeException e) {
            log.error("Could not record the failed launch of {}", ref, e);
        }
    }

    @Override
    public void start() {
        if (!settings.enabled()) {
            log.warn("The runtime is disabled (gantry.runtime.enabled=false): submitted jobs wait");
            return;
        }
        Thread started = own(daemon("reconciler")).newThread(this::loop);
        thread = started;
        started.start();
        lease.start(this::wakeUp);
        wakeUp();
    }

    @Override
    public void stop() {
        Thread running = thread;
        thread = null;
        if (running != null) {
            running.interrupt();
            lease.stop();
        }
        launchers.shutdown();
        observers.shutdown();
    }

    @Override
    public boolean isRunning() {
        return thread != null;
    }

    private java.util.concurrent.ThreadFactory own(java.util.concurrent.ThreadFactory factory) {
        return runnable -> {
            Thread t = factory.newThread(runnable);
            ownThreads.add(t);
            return t;
        };
    }

    private static java.util.concurrent.ThreadFactory daemon(String name) {
        return runnable -> {
            Thread t = new Thread(runnable, name);
            t.setDaemon(true);
            return t;
        };
    }
}
