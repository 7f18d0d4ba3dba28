package org.gantry.job.ui;

import static org.gantry.job.protocol.YamlQuoting.doubleQuoted;
import static org.gantry.job.ui.YamlEdits.replace;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.ui.JobYamlFields.Field;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A task role's {@code deps} in the form: {@code env} as {@code NAME=value} lines, and the
 * pip and conda packages, modules, callBefore and callAfter as one item per line. Written
 * back like the other fields: an item that changed is replaced in place, a list or mapping
 * that changed its length is rewritten in its own style and indentation, and missing keys
 * are added ({@code deps} too).
 */
final class DepsYamlFields {

    private DepsYamlFields() {
    }

    /** The keys under {@code deps} that hold a field. */
    static List<String> path(Field field) {
        return switch (field) {
            case ENV -> List.of("env");
            case PIP_PACKAGES -> List.of("pip", "packages");
            case MODULES -> List.of("module");
            case CONDA_PACKAGES -> List.of("conda", "packages");
            case CALL_BEFORE -> List.of("callBefore");
            case CALL_AFTER -> List.of("callAfter");
            default -> throw new IllegalArgumentException(field + " is not in deps");
        };
    }

    /** Each deps field of a task role, as the lines the form shows. */
    static Map<Field, List<String>> read(Node role) {
        Map<Field, List<String>> values = new EnumMap<>(Field.class);
        for (Field field : Field.values()) {
            if (field.ofDeps()) {
                values.put(field, lines(role, field));
            }
        }
        return values;
    }

    private static List<String> lines(Node role, Field field) {
        Optional<Node> node = YamlText.get(role, keys(List.of(), field));
        if (field == Field.ENV) {
            List<String> env = new ArrayList<>();
            if (node.orElse(null) instanceof MappingNode mapping) {
                for (NodeTuple entry : mapping.getValue()) {
                    if (entry.getKeyNode() instanceof ScalarNode key && entry.getValueNode() instanceof ScalarNode v) {
                        env.add(key.getValue() + "=" + v.getValue());
                    }
                }
            }
            return env;
        }
        return node.map(YamlText::items).orElse(List.of()).stream().filter(ScalarNode.class::isInstance)
                .map(n -> ((ScalarNode) n).getValue().strip()).toList();
    }

    private static String[] keys(List<String> prefix, Field field) {
        List<String> keys = new ArrayList<>(prefix);
        keys.add("deps");
        keys.addAll(path(field));
        return keys.toArray(String[]::new);
    }

    /** The document with one deps field of task role {@code role} set to {@code lines}. */
    static String set(YamlText doc, String role, Field field, List<String> lines) {
        List<String> path = List.of(keys(List.of("taskRoles", role), field));
        Optional<Node> node = YamlText.get(doc.root(), path.toArray(String[]::new));
        if (field == Field.ENV) {
            return setEnv(doc, path, node, lines);
        }
        if (node.isEmpty()) {
            return lines.isEmpty() ? doc.text() : JobYamlFields.setValue(doc, path, YamlEdits.flowList(lines));
        }
        return node.get() instanceof SequenceNode list ? YamlEdits.setItems(doc, list, lines) : doc.text();
    }

    private static String setEnv(YamlText doc, List<String> path, Optional<Node> node, List<String> lines) {
        List<String> entries = new ArrayList<>();
        for (String line : lines) {
            int equals = line.indexOf('=');
            String name = (equals < 0 ? line : line.substring(0, equals)).strip();
            if (name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                entries.add(name + ": " + doubleQuoted(equals < 0 ? "" : line.substring(equals + 1).strip()));
            }
        }
        if (node.isEmpty()) {
            return entries.isEmpty() ? doc.text() : JobYamlFields.setValue(doc, path, "{" + String.join(", ", entries)
                    + "}");
        }
        if (!(node.get() instanceof MappingNode mapping)) {
            return doc.text();
        }
        if (mapping.getFlowStyle() == FlowStyle.FLOW || mapping.getValue().isEmpty() || entries.isEmpty()) {
            return replace(doc.text(), doc.start(mapping), doc.end(mapping), "{" + String.join(", ", entries) + "}");
        }
        List<NodeTuple> tuples = mapping.getValue();
        int indent = doc.column(doc.start(tuples.get(0).getKeyNode()));
        return replace(doc.text(), doc.start(tuples.get(0).getKeyNode()),
                doc.end(tuples.get(tuples.size() - 1).getValueNode()), block(entries, indent));
    }

    /** Lines joined at an indentation, the first without it (it starts where the old text did). */
    private static String block(List<String> lines, int indent) {
        return String.join("\n" + " ".repeat(indent), lines);
    }
}
