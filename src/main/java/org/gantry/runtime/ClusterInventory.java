package org.gantry.runtime;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.gantry.job.JobRunService;
import org.gantry.job.JobRunService.RunnableJob;
import org.gantry.job.JobRunService.RunnableTask;
import org.gantry.runtime.reconcile.PortList;
import org.gantry.runtime.reconcile.RuntimeStore;
import org.gantry.runtime.reconcile.TaskAttempt;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;

/**
 * The machines Gantry runs tasks on and the task launches running there, for administrators:
 * what OpenPAI answers from Kubernetes' node and pod lists.
 */
@Service
public class ClusterInventory {

    /** How much is known about a node's health: SSH hosts are not probed for this list. */
    public enum Health { READY, NOT_READY, UNKNOWN }

    /**
     * One machine.
     *
     * @param kind     {@code local}, {@code ssh} or {@code slurm}
     * @param capacity empty when Gantry does not know it (SSH hosts)
     */
    public record Node(String name, String address, String kind, Optional<Resources> capacity, Health health,
                       String detail) {
    }

    /**
     * One running (or starting, or stopping) task launch.
     *
     * @param target the executor target its attempt was placed on: for ssh its host's alias
     */
    public record Pod(String user, String job, String virtualCluster, String taskRole, int taskIndex, int retry,
                      String executor, String target, String node, Resources resources, Map<String, List<Integer>> ports,
                      boolean started, Optional<Instant> startedAt, Instant claimedAt, Optional<String> containerId) {
    }

    private final RuntimeProperties settings;
    private final ExecutorRegistry executors;
    private final GroupService groups;
    private final RuntimeStore store;
    private final JobRunService jobs;

    ClusterInventory(RuntimeProperties settings, ExecutorRegistry executors, GroupService groups,
                     RuntimeStore store, JobRunService jobs) {
        this.settings = settings;
        this.executors = executors;
        this.groups = groups;
        this.store = store;
        this.jobs = jobs;
    }

    /** Gantry's own host and the machines of every other executor ({@link Executor#nodes}). */
    @PreAuthorize("hasRole('ADMIN')")
    public List<Node> nodes() {
        List<Node> nodes = new ArrayList<>();
        nodes.add(new Node(localName(), "127.0.0.1", Executor.LOCAL, Optional.of(settings.local().capacity()),
                Health.READY, "Gantry's own host"));
        List<VirtualCluster> clusters = groups.virtualClusters();
        // by kind, descending: SSH hosts, then Slurm nodes
        for (Executor executor : executors.all().stream()
                .sorted(Comparator.comparing(Executor::kind).reversed()).toList()) {
            Set<String> targets = clusters.stream().filter(vc -> executor.kind().equals(vc.getExecutor()))
                    .flatMap(vc -> vc.targets().stream()).collect(Collectors.toCollection(TreeSet::new));
            nodes.addAll(executor.nodes(targets));
        }
        return nodes;
    }

    /** Every task launch that has not ended, with its job's names. */
    @PreAuthorize("hasRole('ADMIN')")
    public List<Pod> pods() {
        List<TaskAttempt> active = store.active();
        Map<Long, RunnableJob> byId = jobs.jobs(active.stream().map(TaskAttempt::getJobId).distinct().toList())
                .stream().collect(Collectors.toMap(RunnableJob::id, Function.identity()));
        List<Pod> pods = new ArrayList<>();
        for (TaskAttempt attempt : active) {
            RunnableJob job = byId.get(attempt.getJobId());
            Optional<RunnableTask> task = Optional.ofNullable(job).flatMap(j -> j.tasks().stream()
                    .filter(t -> t.id() == attempt.getTaskId()).findFirst());
            if (task.isEmpty()) {
                continue;
            }
            pods.add(new Pod(job.user(), job.name(), job.virtualCluster(), task.get().role(), task.get().index(),
                    attempt.getRetry(), attempt.getExecutor(), attempt.getTarget(), attempt.getNode().filter(n -> !n.isBlank())
                    .orElse(attempt.getHost()), attempt.resources(), PortList.parse(attempt.getPorts()),
                    attempt.getStartedAt().isPresent(), attempt.getStartedAt(), attempt.getClaimedAt(),
                    attempt.handle().map(ExecutionHandle::toString)));
        }
        return pods;
    }

    private static String localName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
