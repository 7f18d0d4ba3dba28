package org.gantry.job.protocol;

import java.util.Collection;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/** Checks on names and on references to named things, shared by the readers. */
final class Names {

    /** Job, prerequisite and deployment names (OpenPAI's pattern). */
    static final Pattern NAME = Pattern.compile("[a-zA-Z0-9_-]+");
    /** Task role names and port labels: C identifiers, as OpenPAI requires. */
    static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    private Names() {
    }

    /** False (after an error) when {@code name} breaks the pattern or the length limit. */
    static boolean check(String name, Pattern pattern, String rule, int maxLength, String path, Node at,
                         Diagnostics diagnostics) {
        if (name.length() > maxLength) {
            diagnostics.error("too-long", path + ": names may have at most " + maxLength + " characters, this one has "
                    + name.length(), path, at);
            return false;
        }
        if (!pattern.matcher(name).matches()) {
            diagnostics.error("invalid-name", path + ": `" + shorten(name) + "` is not a valid name (" + rule + ")",
                    path, at);
            return false;
        }
        return true;
    }

    /** protocolVersion, where written, must be 2 (number or string). */
    static void checkProtocolVersion(MapNode map, Diagnostics diagnostics) {
        map.get("protocolVersion").ifPresent(node -> {
            // Matches both 2 and "2", the two forms OpenPAI accepts.
            boolean two = node instanceof ScalarNode scalar && "2".equals(scalar.getValue());
            if (!two) {
                String path = map.child("protocolVersion");
                diagnostics.error("invalid-value", path + ": only protocol version 2 is supported, found "
                        + Values.describe(node), path, node);
            }
        });
    }

    /**
     * Reports a {@code bad-reference} ERROR when {@code name} is not among {@code known},
     * suggesting the closest known name.
     */
    static boolean checkReference(String name, Collection<String> known, String what, String path, Node at,
                                  Diagnostics diagnostics) {
        if (known.contains(name)) {
            return true;
        }
        Optional<String> meant = Spelling.closest(name, known);
        String hint = meant.map(m -> "; did you mean `" + m + "`?")
                .orElse(known.isEmpty() ? "; there is none" : "; there are: " + String.join(", ", known));
        diagnostics.add(Problem.Severity.ERROR, "bad-reference", path + ": no " + what + " named `" + shorten(name)
                + "`" + hint, path, at, meant);
        return false;
    }

    /** The {@code name:} written in a mapping, however broken the rest of it is. */
    static Optional<String> writtenName(Node node) {
        if (node instanceof MappingNode mapping) {
            for (NodeTuple tuple : mapping.getValue()) {
                if (tuple.getKeyNode() instanceof ScalarNode key && key.getValue().equals("name")
                        && tuple.getValueNode() instanceof ScalarNode value) {
                    return Optional.of(value.getValue());
                }
            }
        }
        return Optional.empty();
    }

    static String shorten(String name) {
        return name.length() > 60 ? name.substring(0, 60) + "…" : name;
    }
}
