package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.security.AccountException;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.gantry.security.VirtualClusterLoad;
import org.gantry.security.VirtualClusterLoad.Amount;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Virtual clusters in OpenPAI's shape. Guaranteed resources are the cluster's quotas (0 where
 * unlimited); total resources are what the cluster can get: its quota, bounded by the
 * executor's capacity where Gantry knows it (the local machine, measured SSH hosts together),
 * 0 where neither is set; used resources are those of its tasks running now, and
 * {@code usedCapacity} the share of total CPUs they take, in percent. Administrators also see
 * an ssh cluster's {@code hosts}.
 */
@RestController
@RequestMapping("/api/v2/virtual-clusters")
@Tag(name = "virtual cluster", description = "API endpoint for virtual cluster")
class VirtualClusterController {

    private static final String DEFAULT_GROUP = "default";

    private final GroupService groups;
    private final VirtualClusterLoad load;
    private final CurrentUser currentUser;

    VirtualClusterController(GroupService groups, VirtualClusterLoad load, CurrentUser currentUser) {
        this.groups = groups;
        this.load = load;
        this.currentUser = currentUser;
    }

    @GetMapping({"", "/"})
    @Operation(summary = "Get all virtual clusters, by name")
    Map<String, Map<String, Object>> list() {
        Map<String, Map<String, Object>> all = new LinkedHashMap<>();
        Map<String, Amount> used = load.used();
        List<VirtualCluster> clusters = groups.virtualClusters();
        Map<String, List<VirtualClusterLoad.HostLoad>> hosts = currentUser.isAdmin() ? load.hosts(clusters) : Map.of();
        clusters.forEach(vc -> all.put(vc.getName(), json(vc, used, hosts)));
        return all;
    }

    @GetMapping("/{vc}")
    @Operation(summary = "Get a virtual cluster")
    Map<String, Object> get(@PathVariable String vc) {
        Map<String, Amount> used = load.used();
        return groups.virtualCluster(vc).map(cluster -> json(cluster, used, currentUser.isAdmin()
                        ? load.hosts(List.of(cluster)) : Map.of()))
                .orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "NoVirtualClusterError",
                        "Virtual cluster " + vc + " is not found."));
    }

    /**
     * Creates or changes a virtual cluster's executor and target (administrators; quotas and
     * groups stay as they are) and lets group {@code default} use it: how {@code gantry admin
     * deploy} registers a Slurm partition. An ssh cluster's hosts are set through its SSH hosts.
     */
    @PutMapping("/{vc}")
    @PreAuthorize("hasRole('ADMIN')")
    @Operation(summary = "Create or change a virtual cluster's executor and target (administrators)")
    Map<String, Object> put(@PathVariable String vc, @RequestBody ClusterBody body) {
        if (body == null || body.executor() == null || body.executor().isBlank()) {
            throw ApiException.invalid("executor (local, ssh or slurm) is required.");
        }
        Optional<VirtualCluster> existing = groups.virtualCluster(vc);
        try {
            groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(vc,
                    body.description() != null ? body.description() : existing.map(VirtualCluster::getDescription)
                            .orElse(""), body.executor().trim(), body.target() == null ? "" : body.target().trim(),
                    existing.map(VirtualCluster::getCpuQuota).orElse(null),
                    existing.map(VirtualCluster::getMemoryMbQuota).orElse(null),
                    existing.map(VirtualCluster::getGpuQuota).orElse(null)));
        } catch (AccountException e) {
            throw ApiException.invalid(e.getMessage());
        }
        groups.allowVirtualCluster(DEFAULT_GROUP, vc);
        return get(vc);
    }

    record ClusterBody(String executor, String target, String description) {
    }

    private Map<String, Object> json(VirtualCluster vc, Map<String, Amount> usedByCluster,
                                     Map<String, List<VirtualClusterLoad.HostLoad>> hostsByCluster) {
        Amount quota = new Amount(orZero(vc.getCpuQuota()), orZero(vc.getMemoryMbQuota()), orZero(vc.getGpuQuota()));
        Amount total = load.capacity(vc).map(capacity -> new Amount(bounded(vc.getCpuQuota(), capacity.cpu()),
                bounded(vc.getMemoryMbQuota(), capacity.memoryMb()), bounded(vc.getGpuQuota(), capacity.gpu())))
                .orElse(quota);
        Amount used = usedByCluster.getOrDefault(vc.getName(), Amount.NONE);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("capacity", 100);
        json.put("usedCapacity", total.cpu() > 0 ? Math.min(100, used.cpu() * 100 / total.cpu()) : 0);
        json.put("maxCapacity", 100);
        json.put("dedicated", false);
        json.put("resourcesUsed", resources(used));
        json.put("resourcesGuaranteed", resources(quota));
        json.put("resourcesTotal", resources(total));
        json.put("status", "RUNNING");
        json.put("description", vc.getDescription());
        json.put("executor", vc.getExecutor());
        if (currentUser.isAdmin()) {
            json.put("target", vc.getExecutorTarget());
        }
        if (currentUser.isAdmin() && vc.getExecutor().equals("ssh")) {
            // for administrators: the hosts, in the order tasks fill them (decision 0094)
            json.put("hosts", hostsByCluster.getOrDefault(vc.getName(), List.of()).stream()
                    .map(VirtualClusterController::host).toList());
        }
        return json;
    }

    private static Map<String, Object> host(VirtualClusterLoad.HostLoad host) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", host.name());
        json.put("resourcesTotal", host.capacity().map(VirtualClusterController::resources).orElse(null));
        json.put("resourcesUsed", resources(host.used()));
        json.put("takesNewTasks", host.unavailable().isEmpty());
        json.put("reason", host.unavailable().orElse(null));
        return json;
    }

    private static int orZero(Integer quota) {
        return quota == null ? 0 : quota;
    }

    /** A quota (null: unlimited) bounded by a known capacity. */
    private static int bounded(Integer quota, int capacity) {
        return quota == null ? capacity : Math.min(quota, capacity);
    }

    private static Map<String, Object> resources(Amount amount) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("cpu", amount.cpu());
        map.put("vCores", amount.cpu());
        map.put("memory", amount.memoryMb());
        map.put("gpu", amount.gpu());
        map.put("GPUs", amount.gpu());
        return map;
    }
}
