package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.protocol.Problem.Severity;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * A YAML mapping as the readers see it: string keys in written order, merge keys
 * ({@code <<: *base}) applied with explicit keys winning, duplicates reported.
 *
 * <p>{@code anchor} is the node that problems about the whole mapping point at (the key
 * that introduced it), so "missing field" lands on {@code train:} rather than on the
 * mapping's last line.
 */
final class MapNode {

    record Entry(String key, Node keyNode, Node value) {
    }

    private final String path;
    private final Node anchor;
    private final Diagnostics diagnostics;
    private final Map<String, Entry> entries = new LinkedHashMap<>();
    private final Set<String> suggested = new LinkedHashSet<>();

    private MapNode(String path, Node anchor, Diagnostics diagnostics) {
        this.path = path;
        this.anchor = anchor;
        this.diagnostics = diagnostics;
    }

    /** The mapping at {@code node}, or a {@code type-mismatch} error and empty. */
    static Optional<MapNode> read(Node node, String path, Node anchor, Diagnostics diagnostics) {
        if (!(node instanceof MappingNode mapping)) {
            diagnostics.error("type-mismatch", Values.label(path) + "expected a mapping, found "
                    + Values.describe(node), path, node);
            return Optional.empty();
        }
        MapNode map = new MapNode(path, anchor, diagnostics);
        map.collect(mapping, Collections.newSetFromMap(new IdentityHashMap<>()));
        return Optional.of(map);
    }

    private void collect(MappingNode mapping, Set<Node> merged) {
        if (!merged.add(mapping)) {
            return;
        }
        List<Node> mergeSources = new ArrayList<>();
        for (NodeTuple tuple : mapping.getValue()) {
            if (!diagnostics.visit(tuple.getKeyNode())) {
                return;
            }
            Node keyNode = tuple.getKeyNode();
            if (keyNode.getTag().equals(Tag.MERGE)) {
                mergeSources.add(tuple.getValueNode());
            } else if (!(keyNode instanceof ScalarNode scalar)) {
                diagnostics.error("type-mismatch", Values.label(path) + "keys must be plain strings, found "
                        + Values.describe(keyNode), path, keyNode);
            } else {
                // Duplicates are reported once for the whole document by DocumentChecks; the
                // first one wins here, as in the editor's view of the text.
                entries.putIfAbsent(scalar.getValue(), new Entry(scalar.getValue(), keyNode, tuple.getValueNode()));
            }
        }
        for (Node source : mergeSources) {
            if (source instanceof MappingNode sourceMapping) {
                collect(sourceMapping, merged);
            } else if (source instanceof SequenceNode sequence && sequence.getValue().stream()
                    .allMatch(MappingNode.class::isInstance)) {
                sequence.getValue().forEach(item -> collect((MappingNode) item, merged));
            } else {
                diagnostics.error("type-mismatch", Values.label(path) + "a merge (`<<`) needs a mapping or a list"
                        + " of mappings, found " + Values.describe(source), path, source);
            }
        }
    }

    String path() {
        return path;
    }

    Node anchor() {
        return anchor;
    }

    String child(String key) {
        return path.isEmpty() ? key : path + "." + key;
    }

    Map<String, Entry> entries() {
        return Collections.unmodifiableMap(entries);
    }

    boolean has(String key) {
        return entries.containsKey(key);
    }

    Optional<Entry> entry(String key) {
        return Optional.ofNullable(entries.get(key));
    }

    Optional<Node> get(String key) {
        return entry(key).map(Entry::value);
    }

    /** Reports keys not among {@code fields}, each with the field it most likely meant. */
    void checkFields(Fields fields) {
        for (Entry entry : entries.values()) {
            if (fields.contains(entry.key())) {
                continue;
            }
            Optional<String> parent = fields.parentOf(entry.key());
            Optional<String> meant = parent.isPresent() ? parent : fields.suggest(entry.key());
            boolean lost = parent.isPresent() ? lostUnder(entry.key(), fields.fieldsOf(parent.get()))
                    : meant.isPresent() && !entries.containsKey(meant.get()) && fields.isImportant(meant.get());
            meant.ifPresent(suggested::add);
            String hint = parent.map(p -> "; it belongs under `" + p + "`")
                    .or(() -> meant.map(m -> "; did you mean `" + m + "`?"))
                    .orElse("; known fields are " + String.join(", ", fields.names()));
            String consequence = !lost ? "" : parent.isPresent() ? " Here it is ignored, so the job would not run as"
                    + " written." : " Without `" + meant.get() + "` the job would not run as written.";
            diagnostics.add(lost ? Severity.ERROR : Severity.WARNING, "unknown-field",
                    "unknown field `" + entry.key() + "`" + where() + hint + consequence, child(entry.key()),
                    entry.keyNode(), parent.isPresent() ? Optional.empty() : meant);
        }
    }

    /**
     * Whether a field written one level too high loses something: it is ignored where it is,
     * so it does when it is important in the mapping it belongs under (under its own or an
     * older name), whatever that mapping already holds.
     */
    private static boolean lostUnder(String child, Fields parentFields) {
        String meant = parentFields.contains(child) ? child : parentFields.suggest(child).orElse(child);
        return parentFields.isImportant(meant);
    }

    /** The field's value; a {@code missing-field} error when absent (unless a typo was reported). */
    Optional<Node> require(String key) {
        Optional<Node> value = get(key);
        if (value.isEmpty() && !suggested.contains(key)) {
            diagnostics.error("missing-field", (path.isEmpty() ? "the document" : path) + " needs `" + key + "`",
                    child(key), anchor);
        }
        return value;
    }

    private String where() {
        return path.isEmpty() ? "" : " in " + path;
    }
}
