package org.gantry.job.protocol;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reports keys written twice in one mapping, anywhere in the document. YAML forbids them
 * and OpenPAI's loader rejects them; composition alone lets them through. Each node is
 * visited once, however many aliases point at it.
 */
final class DuplicateKeys {

    private DuplicateKeys() {
    }

    static void check(Node root, Diagnostics diagnostics) {
        check(root, "", diagnostics, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static void check(Node node, String path, Diagnostics diagnostics, Set<Node> seen) {
        if (node instanceof ScalarNode || !seen.add(node) || !diagnostics.visit(node)) {
            return;
        }
        if (node instanceof SequenceNode sequence) {
            for (int i = 0; i < sequence.getValue().size(); i++) {
                check(sequence.getValue().get(i), path + "[" + i + "]", diagnostics, seen);
            }
            return;
        }
        Map<String, Node> keys = new HashMap<>();
        for (NodeTuple tuple : ((MappingNode) node).getValue()) {
            String childPath = path;
            if (tuple.getKeyNode() instanceof ScalarNode key && !key.getTag().equals(Tag.MERGE)) {
                childPath = path.isEmpty() ? key.getValue() : path + "." + key.getValue();
                Node first = keys.putIfAbsent(key.getValue(), key);
                if (first != null) {
                    diagnostics.error("duplicate-key", "duplicate key `" + Names.shorten(key.getValue()) + "`"
                            + (path.isEmpty() ? "" : " in " + path) + " (first written at line "
                            + (first.getStartMark().getLine() + 1) + ")", childPath, key);
                }
            }
            check(tuple.getValueNode(), childPath, diagnostics, seen);
        }
    }
}
