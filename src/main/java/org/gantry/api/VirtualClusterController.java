package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.Map;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Virtual clusters in OpenPAI's shape. Guaranteed and total resources are the cluster's
 * quotas (0 where unlimited); usage is reported by the scheduler once it runs tasks.
 */
@RestController
@RequestMapping("/api/v2/virtual-clusters")
@Tag(name = "virtual cluster", description = "API endpoint for virtual cluster")
class VirtualClusterController {

    private final GroupService groups;

    VirtualClusterController(GroupService groups) {
        this.groups = groups;
    }

    @GetMapping({"", "/"})
    @Operation(summary = "Get all virtual clusters, by name")
    Map<String, Map<String, Object>> list() {
        Map<String, Map<String, Object>> all = new LinkedHashMap<>();
        groups.virtualClusters().forEach(vc -> all.put(vc.getName(), json(vc)));
        return all;
    }

    @GetMapping("/{vc}")
    @Operation(summary = "Get a virtual cluster")
    Map<String, Object> get(@PathVariable String vc) {
        return groups.virtualCluster(vc).map(VirtualClusterController::json)
                .orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "NoVirtualClusterError",
                        "Virtual cluster " + vc + " is not found."));
    }

    private static Map<String, Object> json(VirtualCluster vc) {
        Map<String, Object> quota = resources(vc.getCpuQuota(), vc.getMemoryMbQuota(), vc.getGpuQuota());
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("capacity", 100);
        json.put("usedCapacity", 0);
        json.put("maxCapacity", 100);
        json.put("dedicated", false);
        json.put("resourcesUsed", resources(0, 0, 0));
        json.put("resourcesGuaranteed", quota);
        json.put("resourcesTotal", quota);
        json.put("status", "RUNNING");
        json.put("description", vc.getDescription());
        json.put("executor", vc.getExecutor());
        return json;
    }

    private static Map<String, Object> resources(Integer cpu, Integer memoryMb, Integer gpu) {
        int c = cpu == null ? 0 : cpu;
        int g = gpu == null ? 0 : gpu;
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("cpu", c);
        map.put("vCores", c);
        map.put("memory", memoryMb == null ? 0 : memoryMb);
        map.put("gpu", g);
        map.put("GPUs", g);
        return map;
    }
}
