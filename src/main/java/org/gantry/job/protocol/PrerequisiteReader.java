package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.protocol.Prerequisite.DockerAuth;
import org.gantry.job.protocol.Prerequisite.Type;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** Reads {@code prerequisites}: names unique per type, uri a list only for data. */
final class PrerequisiteReader {

    private static final List<String> TYPES = List.of("dockerimage", "script", "output", "data");

    private PrerequisiteReader() {
    }

    /**
     * Every prerequisite that read cleanly, problems for the others; empty when the section
     * is not a list at all. Names of entries with errors go to {@code broken}, so that
     * references to them are not reported a second time.
     */
    static Optional<List<Prerequisite>> read(Node node, Set<String> broken, Diagnostics diagnostics) {
        if (!(node instanceof SequenceNode sequence)) {
            diagnostics.error("type-mismatch", "prerequisites: expected a list, found " + Values.describe(node),
                    "prerequisites", node);
            return Optional.empty();
        }
        List<Prerequisite> prerequisites = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < sequence.getValue().size(); i++) {
            Node item = sequence.getValue().get(i);
            Optional<Prerequisite> read = read(item, "prerequisites[" + i + "]", diagnostics);
            if (read.isEmpty()) {
                Names.writtenName(item).ifPresent(broken::add);
            }
            read.ifPresent(p -> {
                if (seen.add(p.type().yamlName() + ":" + p.name())) {
                    prerequisites.add(p);
                } else {
                    diagnostics.error("duplicate-name", "prerequisites: there is already a " + p.type().yamlName()
                            + " prerequisite named `" + p.name() + "`", "prerequisites", item);
                }
            });
        }
        return Optional.of(prerequisites);
    }

    private static Optional<Prerequisite> read(Node node, String path, Diagnostics diagnostics) {
        long errorsBefore = diagnostics.errorCount();
        Optional<MapNode> read = MapNode.read(node, path, node, diagnostics);
        if (read.isEmpty()) {
            return Optional.empty();
        }
        MapNode map = read.get();
        map.checkFields(Fields.PREREQUISITE);
        Names.checkProtocolVersion(map, diagnostics);
        Optional<String> name = map.require("name").flatMap(n -> Values.string(n, map.child("name"), diagnostics))
                .filter(n -> Names.check(n, Names.NAME, "letters, digits, _ and -", ProtocolLimits.MAX_NAME_LENGTH,
                        map.child("name"), map.get("name").orElseThrow(), diagnostics));
        Optional<Type> type = map.require("type").flatMap(n -> type(n, map.child("type"), diagnostics));
        Optional<List<String>> uri = map.require("uri").flatMap(n -> uri(n, map.child("uri"), type, diagnostics));
        Optional<String> version = optional(map, "version", diagnostics);
        Optional<String> contributor = optional(map, "contributor", diagnostics);
        Optional<String> description = optional(map, "description", diagnostics);
        Optional<DockerAuth> auth = map.entry("auth").flatMap(entry -> {
            if (type.isPresent() && type.get() != Type.DOCKERIMAGE) {
                diagnostics.warning("unused-field", map.child("auth") + ": only dockerimage prerequisites use `auth`",
                        map.child("auth"), entry.keyNode());
            }
            return auth(entry, map.child("auth"), diagnostics);
        });
        if (diagnostics.errorCount() > errorsBefore || name.isEmpty() || type.isEmpty() || uri.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Prerequisite(name.get(), type.get(), uri.get(), version, contributor, description,
                auth));
    }

    private static Optional<Type> type(Node node, String path, Diagnostics diagnostics) {
        Optional<String> written = Values.string(node, path, diagnostics);
        Optional<Type> type = written.flatMap(Type::fromYaml);
        if (written.isPresent() && type.isEmpty()) {
            Optional<String> meant = Spelling.closest(written.get(), TYPES);
            diagnostics.add(Problem.Severity.ERROR, "invalid-value", path + ": `" + Names.shorten(written.get())
                    + "` is not a prerequisite type; use one of " + String.join(", ", TYPES)
                    + meant.map(m -> " (did you mean `" + m + "`?)").orElse(""), path, node, meant);
        }
        return type;
    }

    private static Optional<List<String>> uri(Node node, String path, Optional<Type> type, Diagnostics diagnostics) {
        if (node instanceof SequenceNode) {
            if (type.isPresent() && type.get() != Type.DATA) {
                diagnostics.error("type-mismatch", path + ": expected a string; only data prerequisites may list"
                        + " several uris", path, node);
                return Optional.empty();
            }
            return Values.strings(node, path, true, diagnostics);
        }
        return Values.string(node, path, diagnostics).map(List::of);
    }

    private static Optional<DockerAuth> auth(MapNode.Entry entry, String path, Diagnostics diagnostics) {
        return MapNode.read(entry.value(), path, entry.keyNode(), diagnostics).map(auth -> {
            auth.checkFields(Fields.AUTH);
            return new DockerAuth(optional(auth, "username", diagnostics), optional(auth, "password", diagnostics),
                    optional(auth, "registryuri", diagnostics));
        });
    }

    static Optional<String> optional(MapNode map, String key, Diagnostics diagnostics) {
        return map.get(key).flatMap(n -> Values.string(n, map.child(key), diagnostics));
    }
}
