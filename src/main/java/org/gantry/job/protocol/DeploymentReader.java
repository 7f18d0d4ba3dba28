package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.protocol.JobSpec.Deployment;
import org.gantry.job.protocol.JobSpec.RoleCommands;
import org.gantry.job.protocol.Problem.Severity;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads {@code deployments}. A deployment entry for a task role that does not exist is a
 * WARNING: OpenPAI ignores it, but its commands would never run.
 */
final class DeploymentReader {

    private DeploymentReader() {
    }

    /**
     * Deployments that read cleanly; empty when the section is not a list. {@code taskRoles}
     * is empty when the job's task roles could not be read, and then goes unchecked. Names
     * of deployments with errors go to {@code broken}.
     */
    static Optional<List<Deployment>> read(Node node, Optional<Set<String>> taskRoles, Set<String> broken,
                                           Diagnostics diagnostics) {
        if (!(node instanceof SequenceNode sequence)) {
            diagnostics.error("type-mismatch", "deployments: expected a list, found " + Values.describe(node),
                    "deployments", node);
            return Optional.empty();
        }
        List<Deployment> deployments = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < sequence.getValue().size(); i++) {
            Node item = sequence.getValue().get(i);
            Optional<Deployment> read = read(item, "deployments[" + i + "]", taskRoles, diagnostics);
            if (read.isEmpty()) {
                Names.writtenName(item).ifPresent(broken::add);
            }
            read.ifPresent(d -> {
                if (names.add(d.name())) {
                    deployments.add(d);
                } else {
                    diagnostics.error("duplicate-name", "deployments: there is already a deployment named `"
                            + d.name() + "`", "deployments", item);
                }
            });
        }
        return Optional.of(deployments);
    }

    private static Optional<Deployment> read(Node node, String path, Optional<Set<String>> taskRoles,
                                             Diagnostics diagnostics) {
        long errorsBefore = diagnostics.errorCount();
        Optional<MapNode> read = MapNode.read(node, path, node, diagnostics);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        MapNode map = read.get();
        map.checkFields(Fields.DEPLOYMENT);
        Names.checkProtocolVersion(map, diagnostics);
        Optional<String> name = map.require("name").flatMap(n -> Values.string(n, map.child("name"), diagnostics)
                .filter(s -> Names.check(s, Names.NAME, "letters, digits, _ and -", ProtocolLimits.MAX_NAME_LENGTH,
                        map.child("name"), n, diagnostics)));
        Map<String, RoleCommands> roles = new LinkedHashMap<>();
        map.entry("taskRoles").ifPresentOrElse(entry -> MapNode.read(entry.value(), map.child("taskRoles"),
                entry.keyNode(), diagnostics).ifPresent(rolesMap -> {
                    if (rolesMap.entries().isEmpty()) {
                        diagnostics.error("invalid-value", rolesMap.path() + ": needs at least one task role",
                                rolesMap.path(), entry.keyNode());
                    }
                    rolesMap.entries().values().forEach(role -> roleCommands(role, rolesMap.child(role.key()),
                            taskRoles, diagnostics).ifPresent(c -> roles.put(role.key(), c)));
                }), () -> map.require("taskRoles"));
        if (diagnostics.errorCount() > errorsBefore || name.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Deployment(name.get(), roles));
    }

    private static Optional<RoleCommands> roleCommands(MapNode.Entry role, String path,
                                                       Optional<Set<String>> taskRoles, Diagnostics diagnostics) {
        if (taskRoles.isPresent() && !taskRoles.get().contains(role.key())) {
            Optional<String> meant = Spelling.closest(role.key(), taskRoles.get());
            diagnostics.add(Severity.WARNING, "bad-reference", path + ": the job has no task role `"
                    + Names.shorten(role.key()) + "`, so these commands never run"
                    + meant.map(m -> "; did you mean `" + m + "`?").orElse(""), path, role.keyNode(), meant);
        }
        return MapNode.read(role.value(), path, role.keyNode(), diagnostics).map(map -> {
            map.checkFields(Fields.DEPLOYMENT_ROLE);
            List<String> pre = commands(map, "preCommands", diagnostics);
            List<String> post = commands(map, "postCommands", diagnostics);
            return new RoleCommands(pre, post);
        });
    }

    private static List<String> commands(MapNode map, String key, Diagnostics diagnostics) {
        return map.get(key).flatMap(n -> Values.strings(n, map.child(key), true, diagnostics)).orElse(List.of());
    }
}
