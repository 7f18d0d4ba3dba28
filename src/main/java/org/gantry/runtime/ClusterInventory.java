package org.gantry.runtime;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.gantry.job.JobRunService;
import org.gantry.job.JobRunService.RunnableJob;
import org.gantry.job.JobRunService.RunnableTask;
import org.gantry.runtime.slurm.SlurmExecutor;
import org.gantry.runtime.ssh.SshHost;
import org.gantry.runtime.ssh.SshHostService;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;

/**
 * The machines Gantry runs tasks on and the task launches running there, for administrators:
 * what OpenPAI answers from Kubernetes' node and pod lists.
 */
@Service
public class ClusterInventory {

    private static final Logger log = LoggerFactory.getLogger(ClusterInventory.class);

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

    /** One running (or starting, or stopping) task launch. */
    public record Pod(String user, String job, String virtualCluster, String taskRole, int taskIndex, int retry,
                      String executor, String node, Resources resources, Map<String, List<Integer>> ports,
                      boolean started, Optional<Instant> startedAt, Instant claimedAt, Optional<String> containerId) {
    }

    private final RuntimeProperties settings;
    private final SshHostService sshHosts;
    private final SlurmExecutor slurm;
    private final GroupService groups;
    private final RuntimeStore store;
    private final JobRunService jobs;

    ClusterInventory(RuntimeProperties settings, SshHostService sshHosts, SlurmExecutor slurm, GroupService groups,
                     RuntimeStore store, JobRunService jobs) {
        this.settings = settings;
        this.sshHosts = sshHosts;
        this.slurm = slurm;
        this.groups = groups;
        this.store = store;
        this.jobs = jobs;
    }

    /** Gantry's own host, every registered SSH host, and the nodes of every Slurm cluster a virtual cluster uses. */
    @PreAuthorize("hasRole('ADMIN')")
    public List<Node> nodes() {
        List<Node> nodes = new ArrayList<>();
        nodes.add(new Node(localName(), "127.0.0.1", "local", Optional.of(settings.local().capacity()), Health.READY,
                "Gantry's own host"));
        for (SshHost host : sshHosts.hosts()) {
            nodes.add(new Node(host.getAlias(), host.getHost(), "ssh", Optional.empty(), Health.UNKNOWN,
                    host.getUsername() + "@" + host.getHost() + ":" + host.getPort()));
        }
        TreeSet<String> slurmTargets = groups.virtualClusters().stream()
                .filter(vc -> SlurmExecutor.KIND.equals(vc.getExecutor())).map(VirtualCluster::getExecutorTarget)
                .collect(Collectors.toCollection(TreeSet::new));
        for (String target : slurmTargets) {
            try {
                for (SlurmExecutor.SlurmNode node : slurm.nodes(target)) {
                    nodes.add(new Node(node.name(), node.address(), "slurm", Optional.of(node.capacity()),
                            node.ready() ? Health.READY : Health.NOT_READY, "Slurm node, " + node.state()));
                }
            } catch (ExecutorException e) {
                log.warn("Cannot list the nodes of Slurm target '{}': {}", target, e.getMessage());
            }
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
                    attempt.getRetry(), attempt.getExecutor(), attempt.getNode().filter(n -> !n.isBlank())
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
