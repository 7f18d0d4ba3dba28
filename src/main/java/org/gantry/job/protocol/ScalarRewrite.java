package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Rewrites scalar values inside YAML text, keeping everything else (comments, layout, the
 * other scalars) as written.
 *
 * <p>Each scalar gets a new value and, when the caller could write it in the scalar's own
 * style, its new source text. The result is read back: any scalar that does not read back
 * to exactly its new value (and tag) is rewritten double-quoted instead, which always
 * reads back exactly.
 */
final class ScalarRewrite {

    /** A scalar's new value, and its new source text in place if the caller could write one. */
    record Change(String value, Optional<String> inPlace) {
    }

    private record Edit(int start, int end, String text) {
    }

    private ScalarRewrite() {
    }

    static String apply(SourceText source, Node root, Map<ScalarNode, Change> changes) {
        if (changes.isEmpty()) {
            return source.text();
        }
        Map<ScalarNode, Edit> edits = new IdentityHashMap<>();
        changes.forEach((node, change) -> edits.put(node, new Edit(source.offset(node.getStartMark()),
                source.end(node), change.inPlace().orElseGet(() -> YamlQuoting.doubleQuoted(change.value())))));
        String rewritten = write(source.text(), edits.values());
        List<ScalarNode> before = scalars(root);
        SourceText result = new SourceText(rewritten);
        List<ScalarNode> after = YamlComposer.compose(new Diagnostics(result)).map(ScalarRewrite::scalars)
                .orElse(List.of());
        boolean misread = false;
        for (int i = 0; i < before.size(); i++) {
            ScalarNode original = before.get(i);
            Change change = changes.get(original);
            if (change == null || change.inPlace().isEmpty()) {
                continue;
            }
            boolean same = after.size() == before.size() && after.get(i).getValue().equals(change.value())
                    && after.get(i).getTag().equals(original.getTag());
            if (!same) {
                edits.put(original, new Edit(source.offset(original.getStartMark()), source.end(original),
                        YamlQuoting.doubleQuoted(change.value())));
                misread = true;
            }
        }
        return misread ? write(source.text(), edits.values()) : rewritten;
    }

    /** Every scalar of the tree, keys included, each once, in document order. */
    static List<ScalarNode> scalars(Node root) {
        List<ScalarNode> scalars = new ArrayList<>();
        collect(root, scalars, Collections.newSetFromMap(new IdentityHashMap<>()));
        return scalars;
    }

    private static void collect(Node node, List<ScalarNode> scalars, Set<Node> seen) {
        if (!seen.add(node)) {
            return;
        }
        if (node instanceof ScalarNode scalar) {
            scalars.add(scalar);
        } else if (node instanceof SequenceNode sequence) {
            sequence.getValue().forEach(item -> collect(item, scalars, seen));
        } else if (node instanceof MappingNode mapping) {
            mapping.getValue().forEach(tuple -> {
                collect(tuple.getKeyNode(), scalars, seen);
                collect(tuple.getValueNode(), scalars, seen);
            });
        }
    }

    private static String write(String text, Collection<Edit> edits) {
        List<Edit> sorted = new ArrayList<>(edits);
        sorted.sort(Comparator.comparingInt(Edit::start));
        StringBuilder out = new StringBuilder(text.length());
        int last = 0;
        for (Edit edit : sorted) {
            out.append(text, last, edit.start()).append(edit.text());
            last = edit.end();
        }
        return out.append(text.substring(last)).toString();
    }
}
