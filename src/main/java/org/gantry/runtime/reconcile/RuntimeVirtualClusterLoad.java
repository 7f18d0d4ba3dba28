package org.gantry.runtime.reconcile;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.gantry.job.JobRunService;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.ExecutorRegistry;
import org.gantry.runtime.Resources;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TargetHost;
import org.gantry.security.VirtualCluster;
import org.gantry.security.VirtualClusterLoad;
import org.springframework.stereotype.Component;

/** A virtual cluster's load as the runtime's own records have it: the attempts not ended and their resources. */
@Component
class RuntimeVirtualClusterLoad implements VirtualClusterLoad {

    private final RuntimeStore store;
    private final JobRunService jobs;
    private final Resources localCapacity;

    private final ExecutorRegistry executors;

    RuntimeVirtualClusterLoad(RuntimeStore store, JobRunService jobs, RuntimeProperties settings,
                              ExecutorRegistry executors) {
        this.store = store;
        this.jobs = jobs;
        this.localCapacity = settings.local().capacity();
        this.executors = executors;
    }

    @Override
    public Optional<Amount> capacity(VirtualCluster cluster) {
        if (Executor.LOCAL.equals(cluster.getExecutor())) {
            return Optional.of(amount(localCapacity));
        }
        List<TargetHost> hosts = targetHosts(cluster);
        if (hosts.isEmpty() || hosts.stream().anyMatch(h -> h.capacity().isEmpty())) {
            return Optional.empty();
        }
        return Optional.of(amount(hosts.stream().map(h -> h.capacity().orElseThrow())
                .reduce(Resources.NONE, Resources::plus)));
    }

    @Override
    public List<HostLoad> hosts(VirtualCluster cluster) {
        return hosts(List.of(cluster)).getOrDefault(cluster.getName(), List.of());
    }

    @Override
    public Map<String, List<HostLoad>> hosts(Collection<VirtualCluster> clusters) {
        Map<String, List<HostLoad>> loads = new LinkedHashMap<>();
        List<TaskAttempt> active = null;
        Map<String, Map<String, Resources>> usedByExecutor = new HashMap<>();
        for (VirtualCluster cluster : clusters) {
            List<TargetHost> hosts = targetHosts(cluster);
            if (hosts.isEmpty()) {
                continue;
            }
            if (active == null) {
                active = store.active();  // once for all the clusters
            }
            List<TaskAttempt> running = active;
            Map<String, Resources> used = usedByExecutor.computeIfAbsent(cluster.getExecutor(),
                    executor -> HostPlacement.usedByTarget(running, executor));
            loads.put(cluster.getName(), hosts.stream().map(h -> new HostLoad(h.target(),
                    h.capacity().map(RuntimeVirtualClusterLoad::amount),
                    amount(used.getOrDefault(h.target(), Resources.NONE)), h.unavailable())).toList());
        }
        return loads;
    }

    private List<TargetHost> targetHosts(VirtualCluster cluster) {
        try {
            return executors.get(cluster.getExecutor()).hosts(cluster.getExecutorTarget()).orElse(List.of());
        } catch (ExecutorException e) {
            return List.of();
        }
    }

    @Override
    public Map<String, Amount> used() {
        List<TaskAttempt> active = store.active();
        if (active.isEmpty()) {
            return Map.of();
        }
        Set<Long> jobIds = active.stream().map(TaskAttempt::getJobId).collect(Collectors.toSet());
        Map<Long, String> clusterOf = jobs.jobs(jobIds).stream().collect(Collectors.toMap(JobRunService.RunnableJob::id,
                JobRunService.RunnableJob::virtualCluster));
        Map<String, Resources> used = new HashMap<>();
        for (TaskAttempt attempt : active) {
            String cluster = clusterOf.get(attempt.getJobId());
            if (cluster != null) {
                used.merge(cluster, attempt.resources(), Resources::plus);
            }
        }
        return used.entrySet().stream().collect(Collectors.toMap(Map.Entry::getKey, e -> amount(e.getValue())));
    }

    private static Amount amount(Resources resources) {
        return new Amount(resources.cpu(), resources.memoryMB(), resources.gpu());
    }
}
