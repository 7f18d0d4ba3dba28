package org.gantry.job.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.job.protocol.TaskRole;
import org.gantry.job.protocol.YamlQuoting;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Whole task roles added to and removed from a job document's text, everything else left as
 * written. A new role starts like an existing one: one instance, the same image and
 * resources, and a command to replace.
 */
final class TaskRoleYaml {

    private TaskRoleYaml() {
    }

    /** Why {@code name} cannot name a new task role beside those {@code taken}, or empty when it can. */
    static Optional<String> nameProblem(List<String> taken, String name) {
        if (name.isBlank()) {
            return Optional.of("Name the task role");
        }
        if (!TaskRole.isValidName(name)) {
            return Optional.of("Letters, digits and _, not starting with a digit");
        }
        return taken.contains(name) ? Optional.of("There is a task role " + name + " already") : Optional.empty();
    }

    /** A free name for a new role: {@code worker}, else {@code role2}, {@code role3} … */
    static String suggestedName(List<String> taken) {
        if (!taken.contains("worker")) {
            return "worker";
        }
        String name = "role2";
        for (int i = 3; taken.contains(name); i++) {
            name = "role" + i;
        }
        return name;
    }

    /**
     * The document with a new task role {@code name} after the others, set up like the role
     * {@code like} (when there is one). Unchanged when the document cannot be read or the
     * name is invalid or taken.
     */
    static String add(String yaml, String name, String like) {
        Optional<YamlText> read = YamlText.read(yaml);
        if (read.isEmpty()) {
            return yaml;
        }
        YamlText doc = read.get();
        List<String> taken = JobYamlFields.roleTuples(doc.root()).stream().map(NodeTuple::getKeyNode)
                .filter(ScalarNode.class::isInstance).map(k -> ((ScalarNode) k).getValue()).toList();
        if (nameProblem(taken, name).isPresent()) {
            return yaml;
        }
        MappingNode root = (MappingNode) doc.root();
        Optional<Node> likeNode = YamlText.get(root, "taskRoles", like);
        List<Entry> entries = entries(name, likeNode);
        Optional<Node> roles = YamlText.get(root, "taskRoles");
        if (roles.isEmpty()) {
            return root.getFlowStyle() == FlowStyle.FLOW
                    ? YamlEdits.insertFlow(doc, root, "taskRoles: {" + name + ": " + flow(entries) + "}")
                    : YamlEdits.insertLines(doc, root, "taskRoles:\n" + block(name, entries, 2, 2));
        }
        if (!(roles.get() instanceof MappingNode mapping)) {
            return yaml;
        }
        if (mapping.getFlowStyle() == FlowStyle.FLOW) {
            return YamlEdits.insertFlow(doc, mapping, name + ": " + flow(entries));
        }
        int indent = YamlEdits.indentOf(doc, mapping);
        int step = likeNode.filter(MappingNode.class::isInstance).map(n -> (MappingNode) n)
                .filter(m -> m.getFlowStyle() == FlowStyle.BLOCK && !m.getValue().isEmpty())
                .map(m -> YamlEdits.indentOf(doc, m) - indent).filter(s -> s > 0).orElse(2);
        return YamlEdits.insertLines(doc, mapping, block(name, entries, indent, step));
    }

    /** One key of the new role: a scalar, or a mapping or list of scalars. */
    private record Entry(String key, Optional<String> scalar, List<String> keys, List<String> values) {
        static Entry scalar(String key, String value) {
            return new Entry(key, Optional.of(value), List.of(), List.of());
        }
    }

    private static List<Entry> entries(String name, Optional<Node> like) {
        List<Entry> entries = new ArrayList<>();
        entries.add(Entry.scalar("instances", "1"));
        like.flatMap(l -> YamlText.string(l, "dockerImage")).filter(s -> !s.isBlank())
                .ifPresent(image -> entries.add(Entry.scalar("dockerImage", YamlEdits.item(image))));
        List<String> keys = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String resource : List.of("cpu", "memoryMB", "gpu")) {
            like.flatMap(l -> YamlText.string(l, "resourcePerInstance", resource)).filter(v -> v.matches("\\d{1,9}"))
                    .ifPresent(value -> {
                        keys.add(resource);
                        values.add(value);
                    });
        }
        if (!keys.isEmpty()) {
            entries.add(new Entry("resourcePerInstance", Optional.empty(), keys, values));
        }
        entries.add(new Entry("commands", Optional.empty(), List.of(),
                List.of(YamlEdits.item("echo \"Task $PAI_TASK_INDEX of role " + name + "\""))));
        return entries;
    }

    private static String block(String name, List<Entry> entries, int indent, int step) {
        StringBuilder out = new StringBuilder(" ".repeat(indent)).append(name).append(":\n");
        String in = " ".repeat(indent + step);
        String inner = " ".repeat(indent + 2 * step);
        for (Entry entry : entries) {
            out.append(in).append(entry.key()).append(':');
            if (entry.scalar().isPresent()) {
                out.append(' ').append(entry.scalar().get()).append('\n');
                continue;
            }
            out.append('\n');
            for (int i = 0; i < entry.values().size(); i++) {
                out.append(inner).append(entry.keys().isEmpty() ? "- " : entry.keys().get(i) + ": ")
                        .append(entry.values().get(i)).append('\n');
            }
        }
        return out.toString();
    }

    private static String flow(List<Entry> entries) {
        List<String> parts = new ArrayList<>();
        for (Entry entry : entries) {
            String value;
            if (entry.scalar().isPresent()) {
                value = entry.scalar().get();
            } else if (entry.keys().isEmpty()) {
                value = "[" + String.join(", ", entry.values().stream().map(YamlQuoting::doubleQuoted).toList()) + "]";
            } else {
                List<String> pairs = new ArrayList<>();
                for (int i = 0; i < entry.keys().size(); i++) {
                    pairs.add(entry.keys().get(i) + ": " + entry.values().get(i));
                }
                value = "{" + String.join(", ", pairs) + "}";
            }
            parts.add(entry.key() + ": " + value);
        }
        return "{" + String.join(", ", parts) + "}";
    }

    /**
     * The document without the task role {@code name}: its lines, and the comments just above
     * it at its indentation. Unchanged when it is the only role or the document cannot be read.
     */
    static String remove(String yaml, String name) {
        Optional<YamlText> read = YamlText.read(yaml);
        Optional<Node> roles = read.flatMap(doc -> YamlText.get(doc.root(), "taskRoles"));
        if (roles.isEmpty() || !(roles.get() instanceof MappingNode mapping) || mapping.getValue().size() < 2) {
            return yaml;
        }
        YamlText doc = read.get();
        List<NodeTuple> tuples = mapping.getValue();
        int index = -1;
        for (int i = 0; i < tuples.size(); i++) {
            if (tuples.get(i).getKeyNode() instanceof ScalarNode key && key.getValue().equals(name)) {
                index = i;
            }
        }
        if (index < 0) {
            return yaml;
        }
        if (mapping.getFlowStyle() == FlowStyle.FLOW) {
            // the comma before the role goes with it; the first role takes the comma after it instead
            int from = index > 0 ? doc.end(tuples.get(index - 1).getValueNode())
                    : doc.start(tuples.get(0).getKeyNode());
            int to = index > 0 ? doc.end(tuples.get(index).getValueNode()) : doc.start(tuples.get(1).getKeyNode());
            return YamlEdits.replace(yaml, from, to, "");
        }
        Node key = tuples.get(index).getKeyNode();
        int column = doc.column(doc.start(key));
        int from = commentsAbove(yaml, doc.start(key) - column, column);
        int to = YamlEdits.endOfLines(doc, tuples.get(index).getValueNode(), column + 1);
        return YamlEdits.replace(yaml, from, to, "");
    }

    /** The start of the comment lines at {@code column} right above the line at {@code lineStart}. */
    private static int commentsAbove(String text, int lineStart, int column) {
        int from = lineStart;
        while (from > 0) {
            int previous = text.lastIndexOf('\n', from - 2) + 1;
            String line = text.substring(previous, from - 1);
            if (!line.strip().startsWith("#") || line.length() - line.stripLeading().length() != column) {
                break;
            }
            from = previous;
        }
        return from;
    }
}
