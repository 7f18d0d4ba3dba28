package org.gantry.job.lint;

import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/** Small lookups in a composed YAML tree, for rules that need positions of what the parser read. */
final class Tree {

    private Tree() {
    }

    /** The value under {@code keys}, one mapping level per key. */
    static Optional<Node> get(Node node, String... keys) {
        Node current = node;
        for (String key : keys) {
            Optional<NodeTuple> tuple = tuple(current, key);
            if (tuple.isEmpty()) {
                return Optional.empty();
            }
            current = tuple.get().getValueNode();
        }
        return Optional.ofNullable(current);
    }

    static Optional<NodeTuple> tuple(Node node, String key) {
        if (!(node instanceof MappingNode mapping)) {
            return Optional.empty();
        }
        for (NodeTuple tuple : mapping.getValue()) {
            if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                return Optional.of(tuple);
            }
        }
        return Optional.empty();
    }

    static List<NodeTuple> entries(Node node) {
        return node instanceof MappingNode mapping ? mapping.getValue() : List.of();
    }

    static List<Node> items(Node node) {
        return node instanceof SequenceNode sequence ? sequence.getValue() : List.of();
    }

    static Optional<String> text(Node node) {
        return node instanceof ScalarNode scalar ? Optional.of(scalar.getValue()) : Optional.empty();
    }

    static Optional<String> text(Node node, String... keys) {
        return get(node, keys).flatMap(Tree::text);
    }

    static String keyOf(NodeTuple tuple) {
        return tuple.getKeyNode() instanceof ScalarNode k ? k.getValue() : "";
    }

    /** Scalars of a value that is one scalar or a list of scalars. */
    static List<ScalarNode> scalars(Node node) {
        if (node instanceof ScalarNode scalar) {
            return List.of(scalar);
        }
        return items(node).stream().filter(ScalarNode.class::isInstance).map(ScalarNode.class::cast).toList();
    }
}
