package org.gantry.job.protocol;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/** Sections kept as the author wrote them ({@code secrets}, {@code extras}) as plain Java data. */
final class RawValues {

    private RawValues() {
    }

    /**
     * The node as plain Java data (Map, List, scalars), for sections kept raw. With
     * {@code stringLeaves} every scalar is its written text (null as ""); otherwise scalars
     * are String, Long, Double, Boolean or null. Recursive aliases are reported.
     */
    static Optional<Object> raw(Node node, String path, boolean stringLeaves, Diagnostics diagnostics) {
        return raw(node, path, stringLeaves, diagnostics, Collections.newSetFromMap(new IdentityHashMap<>()));
    }

    private static Optional<Object> raw(Node node, String path, boolean stringLeaves, Diagnostics diagnostics,
                                        Set<Node> onPath) {
        if (!diagnostics.visit(node)) {
            return Optional.empty();
        }
        if (node instanceof ScalarNode scalar) {
            return Optional.ofNullable(stringLeaves ? (Values.isNull(node) ? "" : scalar.getValue()) : typed(scalar));
        }
        if (!onPath.add(node)) {
            diagnostics.error("too-complex", Values.label(path)
                    + "an alias refers to a mapping or list that contains it", path, node);
            return Optional.empty();
        }
        try {
            if (node instanceof SequenceNode sequence) {
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < sequence.getValue().size(); i++) {
                    Optional<Object> item = raw(sequence.getValue().get(i), path + "[" + i + "]", stringLeaves,
                            diagnostics, onPath);
                    if (item.isEmpty() && (diagnostics.exhausted() || !Values.isNull(sequence.getValue().get(i)))) {
                        return Optional.empty();
                    }
                    items.add(item.orElse(null));
                }
                return Optional.of(Collections.unmodifiableList(items));
            }
            Map<String, Object> map = new LinkedHashMap<>();
            for (NodeTuple tuple : ((MappingNode) node).getValue()) {
                if (!(tuple.getKeyNode() instanceof ScalarNode key)) {
                    diagnostics.error("type-mismatch", Values.label(path) + "keys must be plain strings", path,
                            tuple.getKeyNode());
                    return Optional.empty();
                }
                String childPath = path + "." + key.getValue();
                Optional<Object> value = raw(tuple.getValueNode(), childPath, stringLeaves, diagnostics, onPath);
                if (value.isEmpty() && (diagnostics.exhausted() || !Values.isNull(tuple.getValueNode()))) {
                    return Optional.empty();
                }
                map.put(key.getValue(), value.orElse(null));
            }
            return Optional.of(Collections.unmodifiableMap(map));
        } finally {
            onPath.remove(node);
        }
    }

    private static Object typed(ScalarNode scalar) {
        Tag tag = scalar.getTag();
        if (tag.equals(Tag.NULL)) {
            return null;
        }
        if (tag.equals(Tag.BOOL)) {
            return Values.isTrue(scalar);
        }
        if (tag.equals(Tag.INT)) {
            Optional<BigInteger> value = Values.integerValue(scalar);
            if (value.isPresent() && value.get().bitLength() < 64) {
                return value.get().longValue();
            }
        }
        if (tag.equals(Tag.FLOAT)) {
            try {
                return Double.parseDouble(scalar.getValue().replace("_", ""));
            } catch (NumberFormatException e) {
                return scalar.getValue();
            }
        }
        return scalar.getValue();
    }

}
