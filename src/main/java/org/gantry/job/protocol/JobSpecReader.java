package org.gantry.job.protocol;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.deps.Deps;
import org.gantry.job.protocol.JobSpec.Defaults;
import org.gantry.job.protocol.JobSpec.Deployment;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;

/** Reads the document's root mapping into a {@link JobSpec}, reporting every problem on the way. */
final class JobSpecReader {

    private final Diagnostics diagnostics;
    /** Every task role name written, including roles with errors; empty if taskRoles is no mapping. */
    private Optional<Set<String>> roleNames = Optional.empty();
    /** Names of prerequisites and deployments with errors: references to them are not reported again. */
    private final Set<String> brokenPrerequisites = new HashSet<>();
    private final Set<String> brokenDeployments = new HashSet<>();

    JobSpecReader(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

    Optional<JobSpec> read(Node node) {
        Optional<MapNode> read = MapNode.read(node, "", node, diagnostics);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        MapNode root = read.get();
        root.checkFields(Fields.ROOT);
        Names.checkProtocolVersion(root, diagnostics);
        root.require("protocolVersion");
        Optional<String> name = root.require("name").flatMap(n -> Values.string(n, "name", diagnostics)
                .filter(s -> Names.check(s, Names.NAME, "letters, digits, _ and -", ProtocolLimits.MAX_NAME_LENGTH,
                        "name", n, diagnostics)));
        root.require("type").flatMap(n -> Values.string(n, "type", diagnostics)).ifPresent(type -> {
            if (!type.equals("job")) {
                diagnostics.error("invalid-value", "type: a job document has `type: job`, found `"
                        + Names.shorten(type) + "`", "type", root.get("type").orElseThrow());
            }
        });
        Optional<String> version = PrerequisiteReader.optional(root, "version", diagnostics);
        Optional<String> contributor = PrerequisiteReader.optional(root, "contributor", diagnostics);
        Optional<String> description = PrerequisiteReader.optional(root, "description", diagnostics);
        // -1 and -2 are the launcher's "retry forever" settings; OpenPAI's own examples use -2.
        int jobRetryCount = root.get("jobRetryCount")
                .flatMap(n -> Values.integer(n, "jobRetryCount", -2, diagnostics)).orElse(0);
        Optional<List<Prerequisite>> prerequisites = root.get("prerequisites")
                .map(n -> PrerequisiteReader.read(n, brokenPrerequisites, diagnostics)).orElse(Optional.of(List.of()));
        Map<String, String> parameters = root.entry("parameters").map(this::parameters).orElse(Map.of());
        Map<String, Object> secrets = root.entry("secrets").map(this::secrets).orElse(Map.of());
        Map<String, TaskRole> taskRoles = taskRoles(root, prerequisites);
        Optional<List<Deployment>> deployments = root.get("deployments")
                .map(n -> DeploymentReader.read(n, roleNames, brokenDeployments, diagnostics))
                .orElse(Optional.of(List.of()));
        Defaults defaults = root.entry("defaults").map(e -> defaults(e, deployments)).orElse(Defaults.NONE);
        Map<String, Object> extras = root.entry("extras").map(e -> rawMap(e, "extras", false)).orElse(Map.of());
        Optional<Deps> deps = root.entry("deps").map(e -> DepsReader.read(e.value(), "deps", e.keyNode(), diagnostics))
                .orElse(Optional.of(Deps.EMPTY));
        if (diagnostics.hasErrors() || name.isEmpty() || deps.isEmpty() || prerequisites.isEmpty()
                || deployments.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new JobSpec(JobSpec.PROTOCOL_VERSION, name.get(), "job", version, description,
                contributor, jobRetryCount, prerequisites.get(), parameters, secrets, taskRoles, defaults,
                deployments.get(), extras, deps.get()));
    }

    private Map<String, String> parameters(MapNode.Entry entry) {
        Map<String, String> parameters = new LinkedHashMap<>();
        MapNode.read(entry.value(), "parameters", entry.keyNode(), diagnostics).ifPresent(map ->
                map.entries().values().forEach(parameter -> {
                    String path = map.child(parameter.key());
                    if (checkKey(parameter, path)) {
                        Values.scalar(parameter.value(), path, diagnostics)
                                .ifPresent(v -> parameters.put(parameter.key(), v));
                    }
                }));
        return parameters;
    }

    private Map<String, Object> secrets(MapNode.Entry entry) {
        Map<String, Object> secrets = rawMap(entry, "secrets", true);
        if (entry.value() instanceof MappingNode) {
            MapNode.read(entry.value(), "secrets", entry.keyNode(), diagnostics)
                    .ifPresent(map -> map.entries().values().forEach(s -> checkKey(s, map.child(s.key()))));
        }
        return secrets;
    }

    private boolean checkKey(MapNode.Entry entry, String path) {
        if (entry.key().length() > ProtocolLimits.MAX_NAME_LENGTH) {
            diagnostics.error("too-long", path + ": keys may have at most " + ProtocolLimits.MAX_NAME_LENGTH
                    + " characters", path, entry.keyNode());
            return false;
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> rawMap(MapNode.Entry entry, String path, boolean stringLeaves) {
        if (!(entry.value() instanceof MappingNode)) {
            MapNode.read(entry.value(), path, entry.keyNode(), diagnostics);
            return Map.of();
        }
        return RawValues.raw(entry.value(), path, stringLeaves, diagnostics)
                .map(o -> (Map<String, Object>) o).orElse(Map.of());
    }

    private Map<String, TaskRole> taskRoles(MapNode root, Optional<List<Prerequisite>> prerequisites) {
        Map<String, TaskRole> taskRoles = new LinkedHashMap<>();
        root.require("taskRoles").ifPresent(node -> MapNode.read(node, "taskRoles",
                root.entry("taskRoles").orElseThrow().keyNode(), diagnostics).ifPresent(roles -> {
                    if (roles.entries().isEmpty()) {
                        diagnostics.error("invalid-value", "taskRoles: needs at least one task role", "taskRoles",
                                roles.anchor());
                    }
                    roleNames = Optional.of(new LinkedHashSet<>(roles.entries().keySet()));
                    TaskRoleReader reader = new TaskRoleReader(prerequisites, brokenPrerequisites, diagnostics);
                    roles.entries().values().forEach(entry -> reader.read(entry)
                            .ifPresent(role -> taskRoles.put(role.name(), role)));
                }));
        return taskRoles;
    }

    private Defaults defaults(MapNode.Entry entry, Optional<List<Deployment>> deployments) {
        return MapNode.read(entry.value(), "defaults", entry.keyNode(), diagnostics).map(map -> {
            map.checkFields(Fields.DEFAULTS);
            Optional<String> virtualCluster = PrerequisiteReader.optional(map, "virtualCluster", diagnostics);
            Optional<String> deployment = map.get("deployment").flatMap(n -> Values.string(n, map.child("deployment"),
                    diagnostics).filter(d -> deployments.isEmpty() || brokenDeployments.contains(d)
                    || Names.checkReference(d, deployments.get().stream().map(Deployment::name).toList(),
                    "deployment", map.child("deployment"), n, diagnostics)));
            return new Defaults(virtualCluster, deployment);
        }).orElse(Defaults.NONE);
    }
}
