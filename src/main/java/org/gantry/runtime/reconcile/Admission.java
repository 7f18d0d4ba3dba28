package org.gantry.runtime.reconcile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.gantry.job.Job;
import org.gantry.job.JobRunService.RunnableJob;
import org.gantry.job.JobRunService.RunnableTask;
import org.gantry.job.JobState;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.TaskRole;
import org.gantry.runtime.Executor;
import org.gantry.runtime.InputReadiness;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.ExecutorRegistry;
import org.gantry.runtime.JobLayout;
import org.gantry.runtime.Placement;
import org.gantry.runtime.Resources;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TargetHost;
import org.gantry.runtime.TaskPlanner;
import org.gantry.security.VirtualCluster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;

/**
 * Admits waiting tasks: asks the {@link CapacityQueue} which jobs fit, records why the others
 * wait, claims the admitted jobs' waiting tasks in one transaction each and hands them back
 * to the {@link Reconciler}, which launches them.
 */
class Admission {

    private static final Logger log = LoggerFactory.getLogger(Admission.class);
    static final String LOCAL_POOL = Executor.LOCAL + ":";

    private final RuntimeStore store;
    private final ExecutorRegistry executors;
    private final LaunchBackoff backoff;
    private final PortAllocator ports;
    private final Resources localCapacity;
    private final String instanceId;
    private final Optional<InputReadiness> inputs;
    private final Runnable wakeUp;
    /** Jobs whose inputs were found in this process: checked once, not again at each retry. */
    private final Set<Long> ready = java.util.concurrent.ConcurrentHashMap.newKeySet();

    Admission(RuntimeStore store, ExecutorRegistry executors, LaunchBackoff backoff, RuntimeProperties settings,
              String instanceId, Optional<InputReadiness> inputs, Runnable wakeUp) {
        this.inputs = inputs;
        this.wakeUp = wakeUp;
        this.store = store;
        this.executors = executors;
        this.backoff = backoff;
        this.ports = new PortAllocator(settings.portRangeStart(), settings.portRangeEnd());
        this.localCapacity = settings.local().capacity();
        this.instanceId = instanceId;
    }

    /** A claimed attempt and everything its launch needs. */
    record Admitted(TaskAttempt attempt, RunnableJob job, RunnableTask task, JobSpec spec, JobLayout layout,
                    Executor executor, Placement placement) {
    }

    List<Admitted> admit(Map<Long, RunnableJob> jobs, List<TaskAttempt> active, Set<Long> decided,
                         Map<Long, JobSpec> specs, Supplier<List<VirtualCluster>> clusters,
                         UnreachableTargets unreachable) {
        this.ready.retainAll(jobs.keySet());
        Set<Long> busyTasks = active.stream().map(TaskAttempt::getTaskId).collect(Collectors.toSet());
        Map<Long, List<RunnableTask>> waiting = new LinkedHashMap<>();
        Map<String, VirtualCluster> vcs = null;
        List<CapacityQueue.Demand> demands = new ArrayList<>();
        for (RunnableJob job : jobs.values()) {
            if (decided.contains(job.id()) || job.executionType() != Job.ExecutionType.START
                    || !specs.containsKey(job.id())) {
                continue;
            }
            List<RunnableTask> ready = job.tasks().stream().filter(t -> t.state() == JobState.WAITING
                    && !busyTasks.contains(t.id()) && backoff.mayLaunch(t.id())).toList();
            if (ready.isEmpty() || !inputsReady(job, specs.get(job.id()), ready)) {
                continue;
            }
            if (vcs == null) {
                // read only when a task waits: most passes only follow what runs
                vcs = clusters.get().stream().collect(Collectors.toMap(VirtualCluster::getName, Function.identity()));
            }
            waiting.put(job.id(), ready);
            Resources need = ready.stream().map(t -> TaskPlanner.resources(TaskPlanner.role(specs.get(job.id()),
                    t.role()))).reduce(Resources.NONE, Resources::plus);
            demands.add(new CapacityQueue.Demand(job.id(), job.virtualCluster(), pool(vcs.get(job.virtualCluster())),
                    need, ready.size()));
        }
        if (demands.isEmpty()) {
            return List.of();
        }
        CapacityQueue.Decision decision = CapacityQueue.decide(demands, Map.of(LOCAL_POOL, localCapacity),
                usedByPool(active), quotas(vcs), usedByCluster(active, jobs));
        Map<Long, String> reasons = new HashMap<>();
        for (Long jobId : decision.waitReasons().keySet()) {
            JobSpec spec = specs.get(jobId);
            for (RunnableTask task : waiting.get(jobId)) {
                // each task tells what it needs itself: of a 500-task job, "needs 1 cpu", not "needs 500 cpu"
                String reason = decision.taskReason(jobId, TaskPlanner.resources(TaskPlanner.role(spec, task.role())));
                if (!reason.equals(task.waitingReason().orElse(null))) {
                    reasons.put(task.id(), reason);
                }
            }
        }
        if (!reasons.isEmpty()) {
            store.waitingReasons(reasons);
        }
        List<Admitted> admitted = new ArrayList<>();
        // the attempts not ended, and those claimed in this pass: what later jobs find used on a host
        List<TaskAttempt> counted = new ArrayList<>(active);
        // clusters with a job waiting for room on their hosts: their later jobs wait behind it, not to starve it
        Set<String> held = new HashSet<>();
        for (CapacityQueue.Demand demand : demands) {
            if (decision.admitted().contains(demand.jobId())) {
                RunnableJob job = jobs.get(demand.jobId());
                if (held.contains(job.virtualCluster())) {
                    behind(waiting.get(job.id()), job.virtualCluster());
                    continue;
                }
                admitted.addAll(claim(job, waiting.get(job.id()), specs.get(job.id()), vcs.get(job.virtualCluster()),
                        counted, unreachable, held));
            }
        }
        return admitted;
    }

    /**
     * Whether the job's inputs are there (see {@link InputReadiness}): while they are checked its
     * tasks wait, saying so; a job with missing inputs fails at once, naming them. What was
     * checked goes to the job's events.
     */
    private boolean inputsReady(RunnableJob job, JobSpec spec, List<RunnableTask> waiting) {
        if (inputs.isEmpty() || this.ready.contains(job.id())) {
            return true;
        }
        InputReadiness.Verdict verdict = inputs.get().readiness(job.id(), job.user(), spec, wakeUp);
        switch (verdict.state()) {
            case CHECKING -> {
                waitWith(waiting, CHECKING_INPUTS);
                return false;
            }
            case MISSING -> {
                String message = "Missing input" + (verdict.missing().size() == 1 ? "" : "s") + ": "
                        + String.join("; ", verdict.missing());
                store.inputsMissing(job.id(), message, String.join("\n", verdict.checked()));
                inputs.get().forget(job.id());
                return false;
            }
            default -> {
                if (!verdict.checked().isEmpty()) {
                    store.inputsChecked(job.id(), String.join("\n", verdict.checked()));
                }
                this.ready.add(job.id());
                inputs.get().forget(job.id());
                return true;
            }
        }
    }

    static final String CHECKING_INPUTS = "checking the job's inputs";

    private void behind(List<RunnableTask> ready, String cluster) {
        waitWith(ready, "behind earlier jobs of virtual cluster " + cluster);
    }

    /** Notes why these tasks wait, for those whose reason changes: written once, not on every pass it stays. */
    private void waitWith(List<RunnableTask> tasks, String reason) {
        Map<Long, String> reasons = tasks.stream().filter(t -> !reason.equals(t.waitingReason().orElse(null)))
                .collect(Collectors.toMap(RunnableTask::id, t -> reason));
        if (!reasons.isEmpty()) {
            store.waitingReasons(reasons);
        }
    }

    private List<Admitted> claim(RunnableJob job, List<RunnableTask> ready, JobSpec spec, VirtualCluster vc,
                                 List<TaskAttempt> active, UnreachableTargets unreachable, Set<String> held) {
        if (vc == null) {
            ready.forEach(t -> store.taskFailed(t.id(), "virtual cluster " + job.virtualCluster() + " no longer exists"));
            return List.of();
        }
        Optional<String> down = unreachable.why(vc.getExecutor(), vc.getExecutorTarget());
        if (down.isPresent()) {
            // a launch now would only fail the same way and count against the task's launch backoff
            waitWith(ready, "executor unavailable: " + down.get());
            return List.of();
        }
        Executor executor;
        Map<Long, String> targets = new HashMap<>();
        Map<String, Placement> placements = new LinkedHashMap<>();
        try {
            executor = executors.get(vc.getExecutor());
            executor.checkAvailable(vc.getExecutorTarget());
            Optional<List<TargetHost>> hosts = executor.hosts(vc.getExecutorTarget());
            if (hosts.isPresent()) {
                Optional<HostPlacement.Waits> waits = placeOnHosts(ready, spec, vc, hosts.get(), active, unreachable,
                        targets);
                if (waits.isPresent()) {
                    if (waits.get().forRoom()) {
                        // not a job no host can ever hold, nor one waiting for hosts to come back: those block no one
                        held.add(vc.getName());
                    }
                    waitWith(ready, waits.get().reason());
                    return List.of();
                }
            } else {
                ready.forEach(t -> targets.put(t.id(), vc.getExecutorTarget()));
            }
            for (String target : new TreeSet<>(targets.values())) {
                placements.put(target, executor.placement(target, job.user()));
            }
        } catch (ExecutorException e) {
            if (e.isPermanent()) {
                ready.forEach(t -> store.taskFailed(t.id(), e.getMessage()));
            } else {
                waitWith(ready, "executor unavailable: " + e.getMessage());
            }
            return List.of();
        }
        Placement first = placements.values().iterator().next();
        Map<String, Set<Integer>> inUse = new HashMap<>();
        Set<Long> readyIds = ready.stream().map(RunnableTask::id).collect(Collectors.toSet());
        Map<Long, TaskAttempt> activeByTask = active.stream()
                .collect(Collectors.toMap(TaskAttempt::getTaskId, Function.identity(), (a, b) -> a));
        Map<String, List<JobLayout.TaskPlace>> places = new LinkedHashMap<>();
        List<RuntimeStore.Claim> claims = new ArrayList<>();
        for (TaskRole role : spec.taskRoles().values()) {
            List<JobLayout.TaskPlace> rolePlaces = new ArrayList<>();
            for (int i = 0; i < role.instances(); i++) {
                Optional<RunnableTask> task = task(job, role.name(), i);
                JobLayout.TaskPlace place;
                if (task.isPresent() && readyIds.contains(task.get().id())) {
                    String target = targets.get(task.get().id());
                    String pool = vc.getExecutor() + ":" + target;
                    // ports are free per machine: the attempts not ended on this one, and those just given here
                    Set<Integer> taken = inUse.computeIfAbsent(pool, p -> portsInUse(active, p));
                    place = new JobLayout.TaskPlace(placements.get(target).host(), ports.allocate(
                            role.resourcePerInstance().ports(), taken, pool.equals(LOCAL_POOL)));
                    claims.add(new RuntimeStore.Claim(task.get().id(), task.get().retries(), vc.getExecutor(),
                            target, TaskPlanner.resources(role), place.host(), place.ports()));
                } else {
                    TaskAttempt running = task.map(t -> activeByTask.get(t.id())).orElse(null);
                    place = running == null ? new JobLayout.TaskPlace(first.host(), Map.of())
                            : new JobLayout.TaskPlace(running.getHost(), PortList.parse(running.getPorts()));
                }
                rolePlaces.add(place);
            }
            places.put(role.name(), rolePlaces);
        }
        JobLayout layout = new JobLayout(places);
        try {
            List<TaskAttempt> claimed = store.claim(job.id(), job.jobAttempt(), claims, instanceId);
            Map<Long, RunnableTask> byId = ready.stream().collect(Collectors.toMap(RunnableTask::id, t -> t));
            active.addAll(claimed);
            return claimed.stream().map(a -> new Admitted(a, job, byId.get(a.getTaskId()), spec, layout, executor,
                    placements.get(a.getTarget()))).toList();
        } catch (DataIntegrityViolationException e) {
            log.info("Tasks of job {} were claimed elsewhere: {}", job.id(), e.getMostSpecificCause().getMessage());
            return List.of();
        }
    }

    /**
     * Chooses each ready task's host ({@link HostPlacement}), into {@code targets}; a host found
     * unreachable in this pass takes none. Returns why the job waits when its tasks do not all fit.
     * Within one pass, hosts of a cluster fill in the jobs' submission order: a job that waits
     * for room holds back the cluster's later jobs (see the caller), as {@link CapacityQueue}
     * keeps order within a pool.
     */
    private Optional<HostPlacement.Waits> placeOnHosts(List<RunnableTask> ready, JobSpec spec, VirtualCluster vc,
                                          List<TargetHost> hosts, List<TaskAttempt> active,
                                          UnreachableTargets unreachable, Map<Long, String> targets) {
        Map<String, Resources> used = HostPlacement.usedByTarget(active, vc.getExecutor());
        List<HostPlacement.Host> seen = hosts.stream().map(h -> new HostPlacement.Host(h.target(), h.capacity(),
                used.getOrDefault(h.target(), Resources.NONE), h.unavailable().or(() -> unreachable
                .why(vc.getExecutor(), h.target()).map(why -> "SSH host " + h.target() + " is unreachable: " + why))))
                .toList();
        // in the job's role and index order, so that the first fit is the same in every pass
        List<RunnableTask> ordered = new ArrayList<>();
        for (TaskRole role : spec.taskRoles().values()) {
            ready.stream().filter(t -> t.role().equals(role.name()))
                    .sorted(Comparator.comparingInt(RunnableTask::index)).forEach(ordered::add);
        }
        HostPlacement.Outcome outcome = HostPlacement.place(seen, ordered.stream()
                .map(t -> TaskPlanner.resources(TaskPlanner.role(spec, t.role()))).toList());
        if (outcome instanceof HostPlacement.Waits waits) {
            return Optional.of(waits);
        }
        List<String> chosen = ((HostPlacement.Placed) outcome).targets();
        for (int i = 0; i < ordered.size(); i++) {
            targets.put(ordered.get(i).id(), chosen.get(i));
        }
        return Optional.empty();
    }

    private static Set<Integer> portsInUse(List<TaskAttempt> active, String pool) {
        Set<Integer> inUse = new HashSet<>();
        active.stream().filter(a -> (a.getExecutor() + ":" + a.getTarget()).equals(pool))
                .forEach(a -> PortList.parse(a.getPorts()).values().forEach(inUse::addAll));
        return inUse;
    }

    private static Optional<RunnableTask> task(RunnableJob job, String role, int index) {
        return job.tasks().stream().filter(t -> t.role().equals(role) && t.index() == index).findFirst();
    }

    static String pool(VirtualCluster vc) {
        return vc == null ? LOCAL_POOL : vc.getExecutor() + ":" + vc.getExecutorTarget();
    }

    private static Map<String, Resources> usedByPool(List<TaskAttempt> active) {
        return active.stream().collect(Collectors.toMap(a -> a.getExecutor() + ":" + a.getTarget(),
                TaskAttempt::resources, Resources::plus));
    }

    private static Map<String, Resources> usedByCluster(List<TaskAttempt> active, Map<Long, RunnableJob> jobs) {
        Map<String, Resources> used = new HashMap<>();
        for (TaskAttempt a : active) {
            RunnableJob job = jobs.get(a.getJobId());
            if (job != null) {
                used.merge(job.virtualCluster(), a.resources(), Resources::plus);
            }
        }
        return used;
    }

    private static Map<String, Resources> quotas(Map<String, VirtualCluster> vcs) {
        Map<String, Resources> quotas = new HashMap<>();
        vcs.forEach((name, vc) -> {
            if (vc.getCpuQuota() != null || vc.getMemoryMbQuota() != null || vc.getGpuQuota() != null) {
                quotas.put(name, new Resources(orMax(vc.getCpuQuota()), orMax(vc.getMemoryMbQuota()),
                        orMax(vc.getGpuQuota())));
            }
        });
        return quotas;
    }

    private static int orMax(Integer quota) {
        return quota == null ? Integer.MAX_VALUE : quota;
    }
}
