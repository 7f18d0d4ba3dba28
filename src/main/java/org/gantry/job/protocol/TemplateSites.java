package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The values in which {@code <% %>} templates are resolved, each with the task role whose
 * prerequisites {@code $data}, {@code $script} and {@code $output} refer to there:
 * <ul>
 *   <li>a task role's {@code commands} and every value of its {@code deps} (that role);
 *   <li>a deployment's {@code preCommands} and {@code postCommands} (the role they are for);
 *   <li>the job-level {@code deps}, prerequisites' {@code uri} and docker {@code auth}
 *       (no role).
 * </ul>
 * Everywhere else (descriptions, parameters, secrets, extras) text is left as written, as
 * OpenPAI does.
 */
final class TemplateSites {

    record Site(ScalarNode node, Optional<String> role, String path) {
    }

    private static final int MAX_DEPS_DEPTH = 4;

    private TemplateSites() {
    }

    static List<Site> find(Node root, SourceText source) {
        // The parser reports what is wrong with the document; here only its shape matters.
        Diagnostics ignored = new Diagnostics(source);
        List<Site> sites = new ArrayList<>();
        MapNode.read(root, "", root, ignored).ifPresent(doc -> {
            doc.get("prerequisites").filter(SequenceNode.class::isInstance).ifPresent(list -> {
                List<Node> items = ((SequenceNode) list).getValue();
                for (int i = 0; i < items.size(); i++) {
                    String path = "prerequisites[" + i + "]";
                    MapNode.read(items.get(i), path, items.get(i), ignored).ifPresent(p -> {
                        p.get("uri").ifPresent(uri -> values(uri, Optional.empty(), p.child("uri"), sites, 1));
                        p.get("auth").ifPresent(auth -> values(auth, Optional.empty(), p.child("auth"), sites, 1));
                    });
                }
            });
            doc.get("taskRoles").flatMap(n -> MapNode.read(n, "taskRoles", n, ignored)).ifPresent(roles ->
                    roles.entries().values().forEach(entry -> MapNode.read(entry.value(), roles.child(entry.key()),
                            entry.keyNode(), ignored).ifPresent(role -> {
                                Optional<String> scope = Optional.of(entry.key());
                                role.get("commands").ifPresent(c -> values(c, scope, role.child("commands"), sites, 0));
                                role.get("deps").ifPresent(d -> values(d, scope, role.child("deps"), sites,
                                        MAX_DEPS_DEPTH));
                            })));
            doc.get("deployments").filter(SequenceNode.class::isInstance).ifPresent(list -> {
                List<Node> items = ((SequenceNode) list).getValue();
                for (int i = 0; i < items.size(); i++) {
                    deployment(items.get(i), "deployments[" + i + "]", sites, ignored);
                }
            });
            doc.get("deps").ifPresent(d -> values(d, Optional.empty(), "deps", sites, MAX_DEPS_DEPTH));
        });
        return sites;
    }

    private static void deployment(Node node, String path, List<Site> sites, Diagnostics ignored) {
        MapNode.read(node, path, node, ignored).flatMap(d -> d.get("taskRoles")
                .flatMap(n -> MapNode.read(n, d.child("taskRoles"), n, ignored))).ifPresent(roles ->
                roles.entries().values().forEach(entry -> MapNode.read(entry.value(), roles.child(entry.key()),
                        entry.keyNode(), ignored).ifPresent(role -> {
                            Optional<String> scope = Optional.of(entry.key());
                            for (String key : new String[] {"preCommands", "postCommands"}) {
                                role.get(key).ifPresent(c -> values(c, scope, role.child(key), sites, 0));
                            }
                        })));
    }

    /** Scalars of a value: itself, a list's items, a mapping's values, down to {@code depth} levels. */
    private static void values(Node node, Optional<String> role, String path, List<Site> sites, int depth) {
        values(node, role, path, sites, depth, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static void values(Node node, Optional<String> role, String path, List<Site> sites, int depth,
                               Set<Node> onPath) {
        if (node instanceof ScalarNode scalar) {
            if (!Values.isNull(scalar)) {
                sites.add(new Site(scalar, role, path));
            }
            return;
        }
        if (!onPath.add(node)) {
            return;
        }
        if (node instanceof SequenceNode sequence) {
            for (int i = 0; i < sequence.getValue().size(); i++) {
                Node item = sequence.getValue().get(i);
                if (item instanceof ScalarNode || depth > 0) {
                    values(item, role, path + "[" + i + "]", sites, depth - 1, onPath);
                }
            }
        } else if (node instanceof MappingNode mapping && depth > 0) {
            for (NodeTuple tuple : mapping.getValue()) {
                String key = tuple.getKeyNode() instanceof ScalarNode k ? k.getValue() : "?";
                values(tuple.getValueNode(), role, path + "." + key, sites, depth - 1, onPath);
            }
        }
        onPath.remove(node);
    }
}
