package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.gantry.runtime.ClusterInventory;
import org.gantry.runtime.Executor;
import org.gantry.runtime.Resources;
import org.gantry.runtime.ssh.SshExecutor;
import org.gantry.runtime.ssh.SshHost;
import org.gantry.runtime.ssh.SshHostService;
import org.gantry.security.GroupService;
import org.gantry.security.UserGroup;
import org.gantry.security.VirtualCluster;
import org.springframework.http.HttpStatus;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The SSH executor's hosts for administrators and {@code gantry admin deploy}: register a host
 * with its measured capacity, pinned host key and virtual cluster, drain it, remove it.
 */
@RestController
@RequestMapping("/api/v2/ssh-hosts")
@PreAuthorize("hasRole('ADMIN')")
@Tag(name = "ssh host", description = "Hosts the ssh executor runs tasks on (administrators)")
class SshHostController {

    /** The group whose members may use the virtual clusters registered here. */
    static final String DEFAULT_GROUP = "default";

    private final SshHostService hosts;
    private final GroupService groups;
    private final ClusterInventory inventory;

    SshHostController(SshHostService hosts, GroupService groups, ClusterInventory inventory) {
        this.hosts = hosts;
        this.groups = groups;
        this.inventory = inventory;
    }

    /**
     * A host as an administrator registers it; {@code cpu}, {@code memoryMb} and {@code gpu} go
     * together; {@code hostKey} is a public key ({@code ssh-ed25519 AAAA…}); {@code virtualCluster}
     * names the ssh-executor virtual cluster this host joins (created for group default).
     */
    record HostBody(String host, Integer port, String username, String keyPath, String baseDir, String description,
                    Integer cpu, Integer memoryMb, Integer gpu, String hostKey, String virtualCluster) {
    }

    record DrainBody(Boolean draining) {
    }

    @GetMapping({"", "/"})
    @Operation(summary = "All SSH hosts, by alias")
    List<Map<String, Object>> list() {
        Map<String, List<String>> clusters = clustersByHost();
        Map<String, List<ClusterInventory.Pod>> running = runningByHost();
        return hosts.hosts().stream().map(host -> json(host, clusters, running)).toList();
    }

    @GetMapping("/{alias}")
    @Operation(summary = "An SSH host, with its virtual clusters and the tasks running on it")
    Map<String, Object> get(@PathVariable String alias) {
        return json(require(alias), clustersByHost(), runningByHost());
    }

    @PutMapping("/{alias}")
    @Operation(summary = "Register or change an SSH host; a draining host stays draining")
    Map<String, Object> put(@PathVariable String alias, @RequestBody HostBody body) {
        if (body == null || body.host() == null || body.username() == null || body.keyPath() == null) {
            throw ApiException.invalid("host, username and keyPath are required.");
        }
        Optional<Resources> capacity = Optional.empty();
        if (body.cpu() != null || body.memoryMb() != null) {
            if (body.cpu() == null || body.memoryMb() == null) {
                throw ApiException.invalid("cpu and memoryMb go together.");
            }
            capacity = Optional.of(new Resources(body.cpu(), body.memoryMb(), body.gpu() == null ? 0 : body.gpu()));
        }
        Optional<String> hostKey = Optional.ofNullable(body.hostKey()).filter(key -> !key.isBlank());
        hosts.register(new SshHostService.SshHostSettings(alias, body.host(), body.port() == null ? 22 : body.port(),
                body.username(), body.keyPath(), body.baseDir(), body.description()), capacity, hostKey);
        if (body.virtualCluster() != null && !body.virtualCluster().isBlank()) {
            serve(body.virtualCluster().trim(), alias);
        }
        return get(alias);
    }

    @PutMapping("/{alias}/draining")
    @Operation(summary = "Drain an SSH host (no new tasks; running ones go on) or take it back")
    Map<String, Object> drain(@PathVariable String alias, @RequestBody DrainBody body) {
        if (body == null || body.draining() == null) {
            throw ApiException.invalid("draining (true or false) is required.");
        }
        require(alias);
        hosts.setDraining(alias, body.draining());
        return get(alias);
    }

    @DeleteMapping("/{alias}")
    @Operation(summary = "Remove an SSH host; only once no task runs there (409 otherwise)")
    Map<String, String> delete(@PathVariable String alias) {
        require(alias);
        int running = runningByHost().getOrDefault(alias, List.of()).size();
        if (running > 0) {
            throw new ApiException(HttpStatus.CONFLICT, "ConflictSshHostError", "SSH host " + alias + " still runs "
                    + running + (running == 1 ? " task" : " tasks") + ": drain it and wait, or stop them first.");
        }
        hosts.delete(alias);
        return Map.of("message", "SSH host " + alias + " is removed.");
    }

    /**
     * The virtual cluster runs on this host too, after the hosts it names already (decision 0094),
     * and group default may use it. A cluster on Gantry's own host (the bootstrap's {@code default})
     * moves to its SSH hosts; one that Slurm runs is refused.
     */
    private void serve(String name, String alias) {
        Optional<VirtualCluster> existing = groups.virtualCluster(name);
        boolean local = existing.filter(vc -> vc.getExecutor().equals(Executor.LOCAL)
                && vc.getExecutorTarget().isEmpty()).isPresent();
        if (existing.isPresent() && !local && !existing.get().getExecutor().equals(SshExecutor.KIND)) {
            VirtualCluster vc = existing.get();
            throw new ApiException(HttpStatus.CONFLICT, "ConflictVirtualClusterError", "Virtual cluster " + name
                    + " runs on " + vc.getExecutor() + (vc.getExecutorTarget().isEmpty() ? "" : ":"
                    + vc.getExecutorTarget()) + " already: give this host another one.");
        }
        if (existing.isEmpty()) {
            groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(name, "Tasks on SSH hosts",
                    SshExecutor.KIND, alias, null, null, null));
        } else if (local || !existing.get().targets().contains(alias)) {
            VirtualCluster vc = existing.get();
            List<String> hostsOf = new ArrayList<>(local ? List.of() : vc.targets());
            hostsOf.add(alias);
            groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(name, vc.getDescription(),
                    SshExecutor.KIND, String.join(",", hostsOf), vc.getCpuQuota(), vc.getMemoryMbQuota(),
                    vc.getGpuQuota()));
        }
        groups.allowVirtualCluster(DEFAULT_GROUP, name);
    }

    private SshHost require(String alias) {
        return hosts.host(alias).orElseThrow(() -> new ApiException(HttpStatus.NOT_FOUND, "NoSshHostError",
                "SSH host " + alias + " is not found."));
    }

    private Map<String, List<String>> clustersByHost() {
        Map<String, List<String>> clusters = new LinkedHashMap<>();
        groups.virtualClusters().stream().filter(vc -> vc.getExecutor().equals(SshExecutor.KIND))
                .forEach(vc -> vc.targets().forEach(alias -> clusters.computeIfAbsent(alias, a -> new ArrayList<>())
                        .add(vc.getName())));
        return clusters;
    }

    /** The task launches not ended, by the host their attempt was placed on. */
    private Map<String, List<ClusterInventory.Pod>> runningByHost() {
        return inventory.pods().stream().filter(pod -> pod.executor().equals(SshExecutor.KIND))
                .collect(Collectors.groupingBy(ClusterInventory.Pod::target));
    }

    private static Map<String, Object> resources(Resources resources) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("cpu", resources.cpu());
        json.put("memoryMb", resources.memoryMB());
        json.put("gpu", resources.gpu());
        return json;
    }

    private static Map<String, Object> json(SshHost host, Map<String, List<String>> clusters,
                                            Map<String, List<ClusterInventory.Pod>> running) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("alias", host.getAlias());
        json.put("host", host.getHost());
        json.put("port", host.getPort());
        json.put("username", host.getUsername());
        json.put("keyPath", host.getKeyPath());
        json.put("baseDir", host.getBaseDir());
        json.put("description", host.getDescription());
        host.capacity().ifPresent(c -> {
            json.put("cpu", c.cpu());
            json.put("memoryMb", c.memoryMB());
            json.put("gpu", c.gpu());
        });
        json.put("hostKey", host.getHostKey().orElse(null));
        json.put("draining", host.isDraining());
        json.put("virtualClusters", clusters.getOrDefault(host.getAlias(), List.of()));
        List<ClusterInventory.Pod> there = running.getOrDefault(host.getAlias(), List.of());
        json.put("used", resources(there.stream().map(ClusterInventory.Pod::resources)
                .reduce(Resources.NONE, Resources::plus)));
        json.put("running", there.stream().map(pod -> Map.of("user", pod.user(), "job", pod.job(),
                "taskRole", pod.taskRole(), "taskIndex", pod.taskIndex())).toList());
        return json;
    }
}
