package org.gantry.job.ui;

import java.util.List;
import java.util.Optional;
import org.gantry.job.protocol.SourceText;
import org.gantry.job.protocol.YamlComposer;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.composer.Composer;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.parser.ParserImpl;
import org.yaml.snakeyaml.reader.StreamReader;
import org.yaml.snakeyaml.resolver.Resolver;

/** A YAML text with its composed tree: lookups by key, and node ranges as string offsets. */
final class YamlText {

    private static final int MAX_CHARS = 1024 * 1024;

    private final String text;
    private final SourceText source;
    private final Node root;

    private YamlText(String text, Node root) {
        this.text = text;
        this.source = new SourceText(text);
        this.root = root;
    }

    /** The text's tree, or empty when it is not a single readable YAML mapping. */
    static Optional<YamlText> read(String text) {
        if (text.length() > MAX_CHARS) {
            return Optional.empty();
        }
        try {
            Node node = compose(text);
            return node instanceof MappingNode ? Optional.of(new YamlText(text, node)) : Optional.empty();
        } catch (RuntimeException | StackOverflowError e) {
            // half-typed YAML: the form keeps what it shows until the text reads again
            return Optional.empty();
        }
    }

    /**
     * Why {@link #read} finds no tree in the text, with the line and column SnakeYAML stopped
     * at when it says; empty when it reads.
     */
    static Optional<String> problem(String text) {
        if (read(text).isPresent()) {
            return Optional.empty();
        }
        if (text.length() > MAX_CHARS) {
            return Optional.of("the text is too long for the form");
        }
        try {
            compose(text);
        } catch (MarkedYAMLException e) {
            Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            String what = e.getProblem() != null ? e.getProblem() : e.getContext();
            String where = mark == null ? "" : "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1)
                    + ": ";
            return Optional.of(where + what);
        } catch (RuntimeException | StackOverflowError e) {
            return Optional.of(e.getMessage() == null ? "it does not read as YAML" : e.getMessage().lines().findFirst()
                    .orElse(""));
        }
        return Optional.of("the document is not a mapping of keys to values");
    }

    private static Node compose(String text) {
        LoaderOptions options = YamlComposer.options();
        return new Composer(new ParserImpl(new StreamReader(text), options), new Resolver(), options).getSingleNode();
    }

    String text() {
        return text;
    }

    Node root() {
        return root;
    }

    static Optional<Node> get(Node node, String... keys) {
        Node current = node;
        for (String key : keys) {
            Optional<NodeTuple> tuple = tuple(current, key);
            if (tuple.isEmpty()) {
                return Optional.empty();
            }
            current = tuple.get().getValueNode();
        }
        return Optional.of(current);
    }

    static Optional<NodeTuple> tuple(Node node, String key) {
        if (node instanceof MappingNode mapping) {
            for (NodeTuple tuple : mapping.getValue()) {
                if (tuple.getKeyNode() instanceof ScalarNode k && k.getValue().equals(key)) {
                    return Optional.of(tuple);
                }
            }
        }
        return Optional.empty();
    }

    static Optional<String> string(Node node, String... keys) {
        return get(node, keys).filter(ScalarNode.class::isInstance).map(n -> ((ScalarNode) n).getValue());
    }

    static List<Node> items(Node node) {
        return node instanceof SequenceNode sequence ? sequence.getValue() : List.of();
    }

    int start(Node node) {
        return offset(node.getStartMark());
    }

    /** Just past the node's text; a block scalar's range stops before its final line break. */
    int end(Node node) {
        int start = start(node);
        int end = offset(node.getEndMark());
        if (node instanceof ScalarNode) {
            while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
                end--;
            }
        }
        return end;
    }

    /** A mark's string offset. */
    int offset(Mark mark) {
        return source.offset(mark);
    }

    /** 0-based column of an offset ({@link SourceText} counts from 1). */
    int column(int offset) {
        return source.column(offset) - 1;
    }
}
