package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gantry.runtime.ClusterInventory;
import org.gantry.runtime.ClusterInventory.Node;
import org.gantry.runtime.ClusterInventory.Pod;
import org.gantry.runtime.Resources;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * OpenPAI's {@code /api/v2/kubernetes} routes, which its SDK and portal call: Gantry's machines as
 * a Kubernetes NodeList and its running task launches as a PodList, with the fields OpenPAI's
 * portal reads. Administrators only, as in OpenPAI. See docs/decisions/0003-rest-api-v2.md.
 */
@RestController
@RequestMapping("/api/v2/kubernetes")
@Tag(name = "kubernetes", description = "Gantry's nodes and running tasks in Kubernetes' shapes")
class KubernetesController {

    /** The one namespace Gantry's tasks are listed in, as OpenPAI runs its tasks in {@code default}. */
    static final String NAMESPACE = "default";

    private final ClusterInventory inventory;

    KubernetesController(ClusterInventory inventory) {
        this.inventory = inventory;
    }

    @GetMapping({"/nodes", "/nodes/"})
    @Operation(summary = "Gantry's host, SSH hosts and Slurm nodes as a Kubernetes NodeList (admin)")
    Map<String, Object> nodes() {
        return list("NodeList", inventory.nodes().stream().map(KubernetesController::node).toList());
    }

    @GetMapping({"/pods", "/pods/"})
    @Operation(summary = "Running task launches as a Kubernetes PodList (admin); namespace: only 'default' has pods")
    Map<String, Object> pods(@RequestParam(required = false) String namespace) {
        List<Pod> pods = inventory.pods();
        boolean listed = namespace == null || namespace.isEmpty() || namespace.equals(NAMESPACE);
        return list("PodList", listed ? pods.stream().map(KubernetesController::pod).toList() : List.of());
    }

    private static Map<String, Object> list(String kind, List<Map<String, Object>> items) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("kind", kind);
        json.put("apiVersion", "v1");
        json.put("metadata", Map.of("resourceVersion", ""));
        json.put("items", items);
        return json;
    }

    private static Map<String, Object> node(Node node) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", node.name());
        metadata.put("labels", Map.of("kubernetes.io/hostname", node.name(), "gantry/executor", node.kind()));
        metadata.put("annotations", Map.of("gantry/description", node.detail()));
        Map<String, Object> status = new LinkedHashMap<>();
        Map<String, String> capacity = node.capacity().map(KubernetesController::quantities).orElse(Map.of());
        status.put("capacity", capacity);
        status.put("allocatable", capacity);
        status.put("addresses", List.of(Map.of("type", "InternalIP", "address", node.address()),
                Map.of("type", "Hostname", "address", node.name())));
        status.put("conditions", List.of(ready(node.health())));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("metadata", metadata);
        json.put("spec", Map.of("unschedulable", node.health() == ClusterInventory.Health.NOT_READY));
        json.put("status", status);
        return json;
    }

    private static Map<String, String> ready(ClusterInventory.Health health) {
        return switch (health) {
            case READY -> Map.of("type", "Ready", "status", "True", "reason", "GantryNodeReady",
                    "message", "Gantry can run tasks here");
            case NOT_READY -> Map.of("type", "Ready", "status", "False", "reason", "GantryNodeNotReady",
                    "message", "The node does not take jobs now");
            case UNKNOWN -> Map.of("type", "Ready", "status", "Unknown", "reason", "GantryNodeNotProbed",
                    "message", "Gantry does not probe SSH hosts for this list");
        };
    }

    /** Kubernetes quantities: cpu in cores, memory in Mi, gpus as OpenPAI's nvidia.com/gpu. */
    private static Map<String, String> quantities(Resources resources) {
        Map<String, String> json = new LinkedHashMap<>();
        json.put("cpu", Integer.toString(resources.cpu()));
        json.put("memory", resources.memoryMB() + "Mi");
        json.put("nvidia.com/gpu", Integer.toString(resources.gpu()));
        return json;
    }

    private static Map<String, Object> pod(Pod pod) {
        String framework = pod.user() + "~" + pod.job();
        Map<String, Object> labels = new LinkedHashMap<>();
        labels.put("type", "kube-launcher-task");
        labels.put("userName", pod.user());
        labels.put("jobName", pod.job());
        labels.put("virtualCluster", pod.virtualCluster());
        labels.put("FC_TASKROLE_NAME", pod.taskRole());
        labels.put("FC_TASK_INDEX", Integer.toString(pod.taskIndex()));
        Map<String, Object> annotations = new LinkedHashMap<>();
        annotations.put("FC_FRAMEWORK_NAME", framework);
        annotations.put("FC_TASKROLE_NAME", pod.taskRole());
        annotations.put("FC_TASK_INDEX", Integer.toString(pod.taskIndex()));
        annotations.put("FC_TASK_ATTEMPT_ID", Integer.toString(pod.retry()));
        annotations.put("gantry/executor", pod.executor());
        pod.containerId().ifPresent(id -> annotations.put("gantry/container-id", id));
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", framework + "-" + pod.taskRole() + "-" + pod.taskIndex());
        metadata.put("namespace", NAMESPACE);
        metadata.put("labels", labels);
        metadata.put("annotations", annotations);
        metadata.put("creationTimestamp", pod.claimedAt().toString());
        Map<String, String> quantities = quantities(pod.resources());
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", pod.taskRole());
        container.put("resources", Map.of("limits", quantities, "requests", quantities));
        container.put("ports", pod.ports().entrySet().stream().flatMap(label -> label.getValue().stream()
                .map(port -> Map.of("name", label.getKey(), "containerPort", port, "hostPort", port))).toList());
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("nodeName", pod.node());
        spec.put("containers", List.of(container));
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("phase", pod.started() ? "Running" : "Pending");
        status.put("hostIP", pod.node());
        pod.startedAt().ifPresent(at -> status.put("startTime", at.toString()));
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("metadata", metadata);
        json.put("spec", spec);
        json.put("status", status);
        return json;
    }
}
