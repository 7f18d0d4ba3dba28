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
 * Checks on the whole tree that no reader would see: keys written twice in one mapping
 * (YAML forbids them and OpenPAI's loader rejects them; composition alone lets them through)
 * and YAML tags other than the standard ones ({@code !!python/object}, {@code !custom},
 * {@code !!set}), which Gantry never instantiates but which show a document meant for
 * something else; and NUL characters, which a double-quoted scalar can hold and PostgreSQL
 * cannot store. Each node is visited once, however many aliases point at it.
 */
final class DocumentChecks {

    private static final Set<Tag> SCALAR_TAGS = Set.of(Tag.STR, Tag.INT, Tag.FLOAT, Tag.BOOL, Tag.NULL,
            Tag.TIMESTAMP, Tag.MERGE);

    private DocumentChecks() {
    }

    static void check(Node root, Diagnostics diagnostics) {
        check(root, "", diagnostics, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static void check(Node node, String path, Diagnostics diagnostics, Set<Node> seen) {
        if (!seen.add(node) || !diagnostics.visit(node)) {
            return;
        }
        checkTag(node, path, diagnostics);
        if (node instanceof ScalarNode scalar && scalar.getValue().indexOf('\u0000') >= 0) {
            diagnostics.error("nul-character", Values.label(path) + "contains a NUL character (`\\0`, `\\x00` or"
                    + " `\\u0000`), which Gantry accepts in no text; remove it", path, node);
        }
        if (node instanceof SequenceNode sequence) {
            for (int i = 0; i < sequence.getValue().size(); i++) {
                check(sequence.getValue().get(i), path + "[" + i + "]", diagnostics, seen);
            }
        } else if (node instanceof MappingNode mapping) {
            Map<String, Node> keys = new HashMap<>();
            for (NodeTuple tuple : mapping.getValue()) {
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
                check(tuple.getKeyNode(), childPath, diagnostics, seen);
                check(tuple.getValueNode(), childPath, diagnostics, seen);
            }
        }
    }

    private static void checkTag(Node node, String path, Diagnostics diagnostics) {
        Tag tag = node.getTag();
        boolean standard = node instanceof ScalarNode ? SCALAR_TAGS.contains(tag)
                : node instanceof SequenceNode ? tag.equals(Tag.SEQ) : tag.equals(Tag.MAP);
        if (!standard) {
            String written = tag.getValue().startsWith(Tag.PREFIX)
                    ? "!!" + tag.getValue().substring(Tag.PREFIX.length()) : tag.getValue();
            diagnostics.error("type-mismatch", Values.label(path) + "the YAML tag `" + Names.shorten(written)
                    + "` is not supported here; write plain values", path, node);
        }
    }
}
