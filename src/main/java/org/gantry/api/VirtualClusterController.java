package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.Map;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.gantry.security.VirtualClusterLoad;
import org.gantry.security.VirtualClusterLoad.Amount;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
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
        groups.virtualClusters().forEach(vc -> all.put(vc.getName(), json(vc, used)));
        return all;
    }

    @GetMapping("/{vc}")
    @Operation(summary = "Get a virtual cluster")
    Map<String, Object> get(@PathVariable String vc) {
        Map<String, Amount> used = load.used();
        return groups.virtualCluster(vc).map(cluster -> json(cluster, used))
                .orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "NoVirtualClusterError",
                        "Virtual cluster " + vc + " is not found."));
    }

    private Map<String, Object> json(VirtualCluster vc, Map<String, Amount> usedByCluster) {
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
        if (currentUser.isAdmin() && vc.getExecutor().equals("ssh")) {
            // for administrators: the hosts, in the order tasks fill them (decision 0094)
            json.put("hosts", load.hosts(vc).stream().map(VirtualClusterController::host).toList());
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
