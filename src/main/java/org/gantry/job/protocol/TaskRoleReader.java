package org.gantry.job.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.gantry.deps.Deps;
import org.gantry.job.protocol.Prerequisite.Type;
import org.gantry.job.protocol.TaskRole.Completion;
import org.gantry.job.protocol.TaskRole.ExtraContainerOptions;
import org.gantry.job.protocol.TaskRole.ResourcePerInstance;
import org.yaml.snakeyaml.nodes.Node;

/** Reads one entry of {@code taskRoles}, checking its references against the prerequisites. */
final class TaskRoleReader {

    private final Optional<List<Prerequisite>> prerequisites;
    private final Set<String> brokenPrerequisites;
    private final Diagnostics diagnostics;

    /**
     * @param prerequisites       those that read cleanly; empty when the section could not be
     *                            read, and references then go unchecked
     * @param brokenPrerequisites names of prerequisites with errors of their own
     */
    TaskRoleReader(Optional<List<Prerequisite>> prerequisites, Set<String> brokenPrerequisites,
                   Diagnostics diagnostics) {
        this.prerequisites = prerequisites;
        this.brokenPrerequisites = brokenPrerequisites;
        this.diagnostics = diagnostics;
    }

    Optional<TaskRole> read(MapNode.Entry entry) {
        long errorsBefore = diagnostics.errorCount();
        String name = entry.key();
        String path = "taskRoles." + name;
        Names.check(name, Names.IDENTIFIER, "letters, digits and _, not starting with a digit",
                ProtocolLimits.MAX_ROLE_NAME_LENGTH, path, entry.keyNode(), diagnostics);
        Optional<MapNode> read = MapNode.read(entry.value(), path, entry.keyNode(), diagnostics);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        MapNode role = read.get();
        role.checkFields(Fields.TASK_ROLE);
        Names.checkProtocolVersion(role, diagnostics);
        Optional<Integer> writtenInstances = role.get("instances")
                .flatMap(n -> Values.integer(n, role.child("instances"), 1, diagnostics));
        int instances = role.has("instances") ? writtenInstances.orElse(1) : 1;
        Optional<Integer> knownInstances = role.has("instances") ? writtenInstances : Optional.of(1);
        Completion completion = role.entry("completion")
                .map(e -> completion(e, role.child("completion"), knownInstances)).orElse(Completion.DEFAULT);
        int taskRetryCount = integer(role, "taskRetryCount", -2, 0);
        Optional<String> dockerImage = dockerImage(role);
        Optional<String> data = reference(role, "data", Type.DATA);
        Optional<String> output = reference(role, "output", Type.OUTPUT);
        Optional<String> script = reference(role, "script", Type.SCRIPT);
        ExtraContainerOptions options = role.entry("extraContainerOptions")
                .map(e -> containerOptions(e, role.child("extraContainerOptions")))
                .orElse(ExtraContainerOptions.NONE);
        ResourcePerInstance resources = role.entry("resourcePerInstance")
                .map(e -> resources(e, role.child("resourcePerInstance")))
                .orElse(ResourcePerInstance.DEFAULT);
        Optional<List<String>> commands = role.require("commands")
                .flatMap(n -> Values.strings(n, role.child("commands"), true, diagnostics));
        Optional<Deps> deps = role.entry("deps").map(e -> DepsReader.read(e.value(), role.child("deps"),
                e.keyNode(), diagnostics)).orElse(Optional.of(Deps.EMPTY));
        if (diagnostics.errorCount() > errorsBefore || commands.isEmpty() || deps.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TaskRole(name, instances, completion, taskRetryCount, dockerImage, data, output,
                script, options, resources, commands.get(), deps.get()));
    }

    private int integer(MapNode map, String key, int min, int fallback) {
        return map.get(key).flatMap(n -> Values.integer(n, map.child(key), min, diagnostics)).orElse(fallback);
    }

    /** Required when the job declares docker images, as OpenPAI runs every task in one. */
    private Optional<String> dockerImage(MapNode role) {
        boolean declared = prerequisites.orElse(List.of()).stream().anyMatch(p -> p.type() == Type.DOCKERIMAGE);
        if (declared && !role.has("dockerImage")) {
            role.require("dockerImage");
        }
        return reference(role, "dockerImage", Type.DOCKERIMAGE);
    }

    private Optional<String> reference(MapNode role, String field, Type type) {
        return role.entry(field).flatMap(entry -> Values.string(entry.value(), role.child(field), diagnostics)
                .filter(name -> {
                    if (prerequisites.isEmpty() || brokenPrerequisites.contains(name)) {
                        return true;
                    }
                    Optional<Prerequisite> otherType = prerequisites.get().stream()
                            .filter(p -> p.name().equals(name) && p.type() != type).findFirst();
                    if (otherType.isPresent() && prerequisites.get().stream()
                            .noneMatch(p -> p.name().equals(name) && p.type() == type)) {
                        diagnostics.error("bad-reference", role.child(field) + ": `" + name + "` is a "
                                + otherType.get().type().yamlName() + " prerequisite, not a " + type.yamlName(),
                                role.child(field), entry.value());
                        return false;
                    }
                    List<String> known = prerequisites.get().stream().filter(p -> p.type() == type)
                            .map(Prerequisite::name).toList();
                    return Names.checkReference(name, known, type.yamlName() + " prerequisite", role.child(field),
                            entry.value(), diagnostics);
                }));
    }

    private Completion completion(MapNode.Entry entry, String path, Optional<Integer> instances) {
        return MapNode.read(entry.value(), path, entry.keyNode(), diagnostics).map(map -> {
            map.checkFields(Fields.COMPLETION);
            OptionalInt failed = count(map, "minFailedInstances", instances, Completion.DEFAULT.minFailedInstances());
            OptionalInt succeeded = count(map, "minSucceededInstances", instances, OptionalInt.empty());
            return new Completion(failed, succeeded);
        }).orElse(Completion.DEFAULT);
    }

    /** null or -1 mean "not by count"; otherwise at least 1. */
    private OptionalInt count(MapNode map, String key, Optional<Integer> instances, OptionalInt fallback) {
        Optional<MapNode.Entry> entry = map.entry(key);
        if (entry.isEmpty()) {
            return fallback;
        }
        String path = map.child(key);
        Node node = entry.get().value();
        OptionalInt value = Values.nullableInteger(node, path, -1, diagnostics).orElse(fallback);
        if (value.isPresent() && value.getAsInt() == 0) {
            diagnostics.error("out-of-range", path + ": expected null, -1 or a positive count, found 0", path, node);
            return fallback;
        }
        if (value.isPresent() && value.getAsInt() == -1) {
            return OptionalInt.empty();
        }
        if (value.isPresent() && instances.isPresent() && value.getAsInt() > instances.get()) {
            diagnostics.warning("completion-unreachable", path + ": " + value.getAsInt() + " is more than the role's "
                    + instances.get() + " instance(s), so this count is never reached", path, node);
        }
        return value;
    }

    private ExtraContainerOptions containerOptions(MapNode.Entry entry, String path) {
        return MapNode.read(entry.value(), path, entry.keyNode(), diagnostics).map(map -> {
            map.checkFields(Fields.CONTAINER_OPTIONS);
            OptionalInt shm = map.get("shmMB").flatMap(n -> Values.integer(n, map.child("shmMB"), 0, diagnostics))
                    .map(OptionalInt::of).orElse(OptionalInt.empty());
            boolean infiniband = map.get("infiniband")
                    .flatMap(n -> Values.bool(n, map.child("infiniband"), diagnostics)).orElse(false);
            return new ExtraContainerOptions(shm, infiniband);
        }).orElse(ExtraContainerOptions.NONE);
    }

    private ResourcePerInstance resources(MapNode.Entry entry, String path) {
        return MapNode.read(entry.value(), path, entry.keyNode(), diagnostics).map(map -> {
            map.checkFields(Fields.RESOURCES);
            ResourcePerInstance defaults = ResourcePerInstance.DEFAULT;
            Map<String, Integer> ports = map.entry("ports").map(e -> ports(e, map.child("ports"))).orElse(Map.of());
            return new ResourcePerInstance(integer(map, "cpu", 0, defaults.cpu()),
                    integer(map, "memoryMB", 0, defaults.memoryMB()), integer(map, "gpu", 0, defaults.gpu()), ports);
        }).orElse(ResourcePerInstance.DEFAULT);
    }

    private Map<String, Integer> ports(MapNode.Entry entry, String path) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        MapNode.read(entry.value(), path, entry.keyNode(), diagnostics).ifPresent(map -> map.entries().values()
                .forEach(port -> {
                    String label = map.child(port.key());
                    if (Names.check(port.key(), Names.IDENTIFIER, "letters, digits and _, not starting with a digit",
                            ProtocolLimits.MAX_ROLE_NAME_LENGTH, label, port.keyNode(), diagnostics)) {
                        Values.integer(port.value(), label, 0, diagnostics).ifPresent(n -> ports.put(port.key(), n));
                    }
                }));
        return ports;
    }
}
