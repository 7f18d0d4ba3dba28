package org.gantry.job.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.nodes.CollectionNode;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The editor form's fields in a job document: read from the YAML, and written back by
 * editing only the text of the value that changed (or inserting the missing key), so that
 * comments, order and formatting elsewhere survive. The form shows the first task role.
 */
final class JobYamlFields {

    enum Field { NAME, VIRTUAL_CLUSTER, IMAGE, INSTANCES, CPU, MEMORY_MB, GPU, COMMANDS }

    /**
     * What the form shows. {@code commandsEditable} is false when a command spans several lines
     * (a block scalar): one line per command in the form could not say where it ends.
     */
    record Values(String name, String virtualCluster, String role, String image, Optional<Integer> instances,
                  Optional<Integer> cpu, Optional<Integer> memoryMB, Optional<Integer> gpu, List<String> commands,
                  boolean commandsEditable) {
    }

    private static final Pattern PLAIN_SAFE = Pattern.compile("[A-Za-z0-9_./$~(][^\\n]*");
    private static final String DEFAULT_ROLE = "main";

    private JobYamlFields() {
    }

    static Optional<Values> read(String yaml) {
        return YamlText.read(yaml).map(JobYamlFields::values);
    }

    private static Values values(YamlText doc) {
        Node root = doc.root();
        Optional<NodeTuple> first = YamlText.get(root, "taskRoles").filter(MappingNode.class::isInstance)
                .flatMap(r -> ((MappingNode) r).getValue().stream().findFirst());
        String role = first.map(t -> ((ScalarNode) t.getKeyNode()).getValue()).orElse("");
        Optional<Node> roleNode = first.map(NodeTuple::getValueNode);
        List<String> commands = new ArrayList<>();
        boolean editable = true;
        for (Node item : roleNode.flatMap(r -> YamlText.get(r, "commands")).map(YamlText::items).orElse(List.of())) {
            String command = item instanceof ScalarNode s ? s.getValue() : "";
            editable &= item instanceof ScalarNode && !command.strip().contains("\n");
            commands.add(command.strip());
        }
        return new Values(YamlText.string(root, "name").orElse(""),
                YamlText.string(root, "defaults", "virtualCluster").orElse(""), role,
                roleNode.flatMap(r -> imageNode(root, r)).map(ScalarNode::getValue).orElse(""),
                roleNode.flatMap(r -> integer(r, "instances")), roleNode.flatMap(r -> integer(r, "resourcePerInstance",
                "cpu")), roleNode.flatMap(r -> integer(r, "resourcePerInstance", "memoryMB")),
                roleNode.flatMap(r -> integer(r, "resourcePerInstance", "gpu")), commands, editable);
    }

    private static Optional<Integer> integer(Node node, String... keys) {
        return YamlText.string(node, keys).filter(s -> s.matches("\\d{1,9}")).map(Integer::valueOf);
    }

    /** The uri scalar of the docker image prerequisite the role names. */
    private static Optional<ScalarNode> imageNode(Node root, Node role) {
        Optional<String> name = YamlText.string(role, "dockerImage");
        return name.flatMap(n -> YamlText.get(root, "prerequisites").map(YamlText::items).orElse(List.of()).stream()
                .filter(p -> YamlText.string(p, "name").filter(n::equals).isPresent()).findFirst())
                .flatMap(p -> YamlText.get(p, "uri"))
                .map(uri -> uri instanceof SequenceNode s && !s.getValue().isEmpty() ? s.getValue().get(0) : uri)
                .filter(ScalarNode.class::isInstance).map(ScalarNode.class::cast);
    }

    /** The document with one field set; unchanged when the document cannot be read. */
    static String set(String yaml, Field field, String value) {
        Optional<YamlText> read = YamlText.read(yaml);
        if (read.isEmpty()) {
            return yaml;
        }
        YamlText doc = read.get();
        Node root = doc.root();
        String role = values(doc).role().isEmpty() ? DEFAULT_ROLE : values(doc).role();
        return switch (field) {
            case NAME -> setString(doc, List.of("name"), value);
            case VIRTUAL_CLUSTER -> setString(doc, List.of("defaults", "virtualCluster"), value);
            case INSTANCES -> setInteger(doc, List.of("taskRoles", role, "instances"), value);
            case CPU -> setInteger(doc, List.of("taskRoles", role, "resourcePerInstance", "cpu"), value);
            case MEMORY_MB -> setInteger(doc, List.of("taskRoles", role, "resourcePerInstance", "memoryMB"), value);
            case GPU -> setInteger(doc, List.of("taskRoles", role, "resourcePerInstance", "gpu"), value);
            case IMAGE -> setImage(doc, root, role, value);
            case COMMANDS -> setCommands(doc, role, value.lines().map(String::strip).filter(l -> !l.isEmpty())
                    .toList());
        };
    }

    private static String setInteger(YamlText doc, List<String> path, String value) {
        return value.matches("\\d{1,9}") ? setValue(doc, path, value) : doc.text();
    }

    /** Written plain when it reads back as the same string, otherwise double-quoted. */
    private static String setString(YamlText doc, List<String> path, String value) {
        if (PLAIN_SAFE.matcher(value).matches() && !value.contains(": ") && !value.contains(" #")
                && value.equals(value.strip())) {
            String plain = setValue(doc, path, value);
            boolean readsBack = YamlText.read(plain).flatMap(d -> YamlText.get(d.root(), path.toArray(String[]::new)))
                    .filter(n -> n instanceof ScalarNode s && s.getValue().equals(value) && s.getTag().equals(Tag.STR))
                    .isPresent();
            if (readsBack) {
                return plain;
            }
        }
        return setValue(doc, path, quoted(value));
    }

    static String quoted(String value) {
        return "\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t")
                + "\"";
    }

    /** Puts {@code written} (YAML text) at the path, replacing the scalar there or adding the missing keys. */
    private static String setValue(YamlText doc, List<String> path, String written) {
        Node parent = doc.root();
        for (int i = 0; i < path.size(); i++) {
            Optional<Node> child = YamlText.get(parent, path.get(i));
            if (child.isEmpty()) {
                return insert(doc, parent, path.subList(i, path.size()), written);
            }
            if (i == path.size() - 1) {
                Node leaf = child.get();
                if (!(leaf instanceof ScalarNode)) {
                    return doc.text();
                }
                return replace(doc.text(), doc.start(leaf), doc.end(leaf), written);
            }
            parent = child.get();
        }
        return doc.text();
    }

    /** Adds {@code keys} (nested, the last one holding {@code written}) to a mapping. */
    private static String insert(YamlText doc, Node parent, List<String> keys, String written) {
        if (!(parent instanceof MappingNode mapping)) {
            return doc.text();
        }
        if (mapping.getFlowStyle() == FlowStyle.FLOW) {
            String nested = written;
            for (int i = keys.size() - 1; i > 0; i--) {
                nested = "{" + keys.get(i) + ": " + nested + "}";
            }
            int close = doc.offset(mapping.getEndMark()) - 1;
            String entry = (mapping.getValue().isEmpty() ? "" : ", ") + keys.get(0) + ": " + nested;
            return replace(doc.text(), close, close, entry);
        }
        int indent = mapping.getValue().isEmpty() ? 0 : doc.column(doc.start(mapping.getValue().get(0).getKeyNode()));
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            lines.append(" ".repeat(indent + 2 * i)).append(keys.get(i)).append(':')
                    .append(i == keys.size() - 1 ? " " + written : "").append('\n');
        }
        return insertLines(doc, mapping, lines.toString());
    }

    /** Inserts whole lines after the last entry of a block collection. */
    private static String insertLines(YamlText doc, CollectionNode<?> collection, String lines) {
        String text = doc.text();
        int at = doc.offset(collection.getEndMark());
        if (at > 0 && text.charAt(at - 1) != '\n') {
            int lineEnd = text.indexOf('\n', at);
            at = lineEnd < 0 ? text.length() : lineEnd + 1;
        }
        // blank lines and comments after the collection belong to what follows
        while (at > 0 && at < text.length() && text.charAt(at - 1) == '\n' && text.lastIndexOf('\n', at - 2) >= 0
                && text.substring(text.lastIndexOf('\n', at - 2) + 1, at - 1).isBlank()) {
            at = text.lastIndexOf('\n', at - 2) + 1;
        }
        String prefix = at > 0 && text.charAt(at - 1) != '\n' ? "\n" : "";
        return replace(text, at, at, prefix + lines);
    }

    private static String setImage(YamlText doc, Node root, String role, String value) {
        Optional<Node> roleNode = YamlText.get(root, "taskRoles", role);
        Optional<ScalarNode> uri = roleNode.flatMap(r -> imageNode(root, r));
        if (uri.isPresent()) {
            String written = PLAIN_SAFE.matcher(value).matches() && !value.contains(" ") ? value : quoted(value);
            return replace(doc.text(), doc.start(uri.get()), doc.end(uri.get()), written);
        }
        if (roleNode.isEmpty() || value.isBlank() || YamlText.get(roleNode.get(), "dockerImage").isPresent()) {
            return doc.text();
        }
        String withRef = insert(doc, roleNode.get(), List.of("dockerImage"), "image");
        YamlText again = YamlText.read(withRef).orElseThrow();
        String entry = "name: image\n    type: dockerimage\n    uri: " + quoted(value);
        Optional<Node> prerequisites = YamlText.get(again.root(), "prerequisites");
        if (prerequisites.isEmpty()) {
            return insertLines(again, (MappingNode) again.root(), "prerequisites:\n  - " + entry + "\n");
        }
        if (prerequisites.get() instanceof SequenceNode list && list.getFlowStyle() == FlowStyle.BLOCK
                && !list.getValue().isEmpty()) {
            int indent = again.column(again.start(list.getValue().get(0))) - 2;
            String item = " ".repeat(indent) + "- " + entry.replace("\n    ", "\n" + " ".repeat(indent + 2)) + "\n";
            return insertLines(again, list, item);
        }
        return doc.text();
    }

    private static String setCommands(YamlText doc, String role, List<String> commands) {
        Optional<Node> node = YamlText.get(doc.root(), "taskRoles", role, "commands");
        List<String> written = commands.stream().map(c -> PLAIN_SAFE.matcher(c).matches() && !c.contains(": ")
                && !c.contains(" #") ? c : quoted(c)).toList();
        if (node.isEmpty()) {
            Optional<Node> roleNode = YamlText.get(doc.root(), "taskRoles", role);
            return roleNode.map(r -> insert(doc, r, List.of("commands"), "[" + String.join(", ",
                    written.stream().map(JobYamlFields::quoted).toList()) + "]")).orElse(doc.text());
        }
        if (!(node.get() instanceof SequenceNode list)) {
            return doc.text();
        }
        List<Node> items = list.getValue();
        if (items.size() == commands.size() && items.stream().allMatch(ScalarNode.class::isInstance)) {
            String text = doc.text();
            for (int i = items.size() - 1; i >= 0; i--) {
                ScalarNode item = (ScalarNode) items.get(i);
                if (!item.getValue().strip().equals(commands.get(i))) {
                    text = replace(text, doc.start(item), doc.end(item), written.get(i));
                }
            }
            return text;
        }
        if (list.getFlowStyle() == FlowStyle.FLOW || items.isEmpty()) {
            return replace(doc.text(), doc.start(list), doc.end(list),
                    "[" + String.join(", ", commands.stream().map(JobYamlFields::quoted).toList()) + "]");
        }
        int indent = doc.column(doc.start(items.get(0))) - 2;
        int from = doc.start(items.get(0)) - 2;
        int to = doc.end(items.get(items.size() - 1));
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < written.size(); i++) {
            out.append(i == 0 ? "" : "\n" + " ".repeat(indent)).append("- ").append(written.get(i));
        }
        return replace(doc.text(), from, to, out.toString());
    }

    private static String replace(String text, int from, int to, String with) {
        return text.substring(0, from) + with + text.substring(to);
    }
}
