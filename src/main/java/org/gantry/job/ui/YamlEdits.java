package org.gantry.job.ui;

import static org.gantry.job.protocol.YamlQuoting.doubleQuoted;

import java.util.List;
import java.util.regex.Pattern;
import org.gantry.job.protocol.YamlQuoting;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.nodes.CollectionNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Edits of a YAML text that touch only the characters they must: a value replaced in place,
 * keys or lines inserted at the end of a collection in its own style and indentation.
 */
final class YamlEdits {

    /** Text that reads back as itself when written as a plain scalar (the callers rule out ": " and " #"). */
    static final Pattern PLAIN_SAFE = Pattern.compile("[A-Za-z0-9_./$~(][^\\n]*");

    private YamlEdits() {
    }

    static String replace(String text, int from, int to, String with) {
        return text.substring(0, from) + with + text.substring(to);
    }

    /** A command or other free text as a list item: plain when that reads back the same, else quoted. */
    static String item(String value) {
        return PLAIN_SAFE.matcher(value).matches() && !value.contains(": ") && !value.contains(" #")
                && value.equals(value.strip()) ? value : doubleQuoted(value);
    }

    /** Strings as a flow list, each quoted. */
    static String flowList(List<String> values) {
        return "[" + String.join(", ", values.stream().map(YamlQuoting::doubleQuoted).toList()) + "]";
    }

    /**
     * A list of strings set to {@code values}: with as many items as before, only the items
     * that differ are replaced; otherwise a block list is rewritten at its indentation and a
     * flow or empty one as a flow list.
     */
    static String setItems(YamlText doc, SequenceNode list, List<String> values) {
        List<Node> items = list.getValue();
        List<String> written = values.stream().map(YamlEdits::item).toList();
        if (items.size() == values.size() && items.stream().allMatch(ScalarNode.class::isInstance)) {
            String text = doc.text();
            for (int i = items.size() - 1; i >= 0; i--) {
                ScalarNode item = (ScalarNode) items.get(i);
                if (!item.getValue().strip().equals(values.get(i))) {
                    text = replace(text, doc.start(item), doc.end(item), written.get(i));
                }
            }
            return text;
        }
        if (list.getFlowStyle() == FlowStyle.FLOW || items.isEmpty() || values.isEmpty()) {
            return replace(doc.text(), doc.start(list), doc.end(list), flowList(values));
        }
        int indent = doc.column(doc.start(items.get(0))) - 2;
        return replace(doc.text(), doc.start(items.get(0)) - 2, doc.end(items.get(items.size() - 1)),
                String.join("\n" + " ".repeat(indent), written.stream().map(w -> "- " + w).toList()));
    }

    /** Adds {@code keys} (nested, the last one holding {@code written}) to a mapping. */
    static String insert(YamlText doc, Node parent, List<String> keys, String written) {
        if (!(parent instanceof MappingNode mapping)) {
            return doc.text();
        }
        if (mapping.getFlowStyle() == FlowStyle.FLOW) {
            String nested = written;
            for (int i = keys.size() - 1; i > 0; i--) {
                nested = "{" + keys.get(i) + ": " + nested + "}";
            }
            return insertFlow(doc, mapping, keys.get(0) + ": " + nested);
        }
        int indent = indentOf(doc, mapping);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            lines.append(" ".repeat(indent + 2 * i)).append(keys.get(i)).append(':')
                    .append(i == keys.size() - 1 ? " " + written : "").append('\n');
        }
        return insertLines(doc, mapping, lines.toString());
    }

    /** Adds {@code entry} ({@code key: value}) as the last entry of a flow mapping. */
    static String insertFlow(YamlText doc, MappingNode mapping, String entry) {
        int close = doc.offset(mapping.getEndMark()) - 1;
        return replace(doc.text(), close, close, (mapping.getValue().isEmpty() ? "" : ", ") + entry);
    }

    /** The column of a block mapping's keys (0 for an empty one). */
    static int indentOf(YamlText doc, MappingNode mapping) {
        return mapping.getValue().isEmpty() ? 0 : doc.column(doc.start(mapping.getValue().get(0).getKeyNode()));
    }

    /**
     * Inserts whole lines after the last entry of a block collection. Blank lines and comments
     * less indented than {@code lines} that follow the collection belong to what comes next, so
     * the lines go before them.
     */
    static String insertLines(YamlText doc, CollectionNode<?> collection, String lines) {
        String text = doc.text();
        int at = endOfLines(doc, collection, lines.length() - lines.stripLeading().length());
        String prefix = at > 0 && text.charAt(at - 1) != '\n' ? "\n" : "";
        return replace(text, at, at, prefix + lines);
    }

    /**
     * Just past the line break of a node's last line of its own. A block collection's end mark
     * is where the next key starts, after that line's indentation, and counts the blank lines
     * and comments before it: the end moves back over those indented less than {@code indent}.
     */
    static int endOfLines(YamlText doc, Node node, int indent) {
        String text = doc.text();
        int at = doc.offset(node.getEndMark());
        int markLine = text.lastIndexOf('\n', at - 1) + 1;
        if (text.substring(markLine, at).isBlank()) {
            at = markLine;
        } else {
            int lineEnd = text.indexOf('\n', at);
            at = lineEnd < 0 ? text.length() : lineEnd + 1;
        }
        while (at > 0 && text.charAt(at - 1) == '\n' && text.lastIndexOf('\n', at - 2) >= 0) {
            int lineStart = text.lastIndexOf('\n', at - 2) + 1;
            String line = text.substring(lineStart, at - 1);
            boolean outerComment = line.strip().startsWith("#")
                    && line.length() - line.stripLeading().length() < indent;
            if (!line.isBlank() && !outerComment) {
                break;
            }
            at = lineStart;
        }
        return at;
    }
}
