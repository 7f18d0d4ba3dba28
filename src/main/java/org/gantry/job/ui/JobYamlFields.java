package org.gantry.job.ui;

import static org.gantry.job.protocol.YamlQuoting.doubleQuoted;
import static org.gantry.job.ui.YamlEdits.replace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * The editor form's fields in a job document: read from the YAML, and written back by
 * editing only the text of the value that changed (or inserting the missing key), so that
 * comments, order and formatting elsewhere survive. Every task role has its own fields.
 */
final class JobYamlFields {

    enum Field {
        NAME, VIRTUAL_CLUSTER, IMAGE, INSTANCES, CPU, MEMORY_MB, GPU, COMMANDS,
        ENV, PIP_PACKAGES, MODULES, CONDA_PACKAGES, CALL_BEFORE, CALL_AFTER;

        /** Whether the field belongs to a task role rather than to the job. */
        boolean ofRole() {
            return this != NAME && this != VIRTUAL_CLUSTER;
        }

        /** Whether the field is in the task role's {@code deps} ({@link DepsYamlFields}), one item a line. */
        boolean ofDeps() {
            return ordinal() >= ENV.ordinal();
        }
    }

    /** What the form shows: the job's fields and each task role's, in the document's order. */
    record Values(String name, String virtualCluster, List<RoleValues> roles) {

        List<String> roleNames() {
            return roles.stream().map(RoleValues::name).toList();
        }

        Optional<RoleValues> role(String role) {
            return roles.stream().filter(r -> r.name().equals(role)).findFirst();
        }
    }

    /**
     * One task role's fields. {@code commandsEditable} is false when a command spans several
     * lines (a block scalar): one line per command in the form could not say where it ends.
     */
    record RoleValues(String name, String image, Optional<Integer> instances, Optional<Integer> cpu,
                      Optional<Integer> memoryMB, Optional<Integer> gpu, List<String> commands,
                      boolean commandsEditable, Map<Field, List<String>> deps) {

        /** The fields of a document without task roles. */
        static final RoleValues NONE = new RoleValues("", "", Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), List.of(), true, Map.of());

        /** The lines of a deps field; none when it is not there. */
        List<String> deps(Field field) {
            return deps.getOrDefault(field, List.of());
        }
    }

    static final String DEFAULT_ROLE = "main";

    private JobYamlFields() {
    }

    static Optional<Values> read(String yaml) {
        return YamlText.read(yaml).map(JobYamlFields::values);
    }

    private static Values values(YamlText doc) {
        Node root = doc.root();
        List<RoleValues> roles = new ArrayList<>();
        for (NodeTuple role : roleTuples(root)) {
            if (role.getKeyNode() instanceof ScalarNode key) {
                roles.add(roleValues(root, key.getValue(), role.getValueNode()));
            }
        }
        return new Values(YamlText.string(root, "name").orElse(""),
                YamlText.string(root, "defaults", "virtualCluster").orElse(""), List.copyOf(roles));
    }

    private static RoleValues roleValues(Node root, String name, Node role) {
        List<String> commands = new ArrayList<>();
        boolean editable = true;
        for (Node item : YamlText.get(role, "commands").map(YamlText::items).orElse(List.of())) {
            String command = item instanceof ScalarNode s ? s.getValue() : "";
            editable &= item instanceof ScalarNode && !command.strip().contains("\n");
            commands.add(command.strip());
        }
        return new RoleValues(name, imageNode(root, role).map(ScalarNode::getValue).orElse(""),
                integer(role, "instances"), integer(role, "resourcePerInstance", "cpu"),
                integer(role, "resourcePerInstance", "memoryMB"), integer(role, "resourcePerInstance", "gpu"),
                List.copyOf(commands), editable, DepsYamlFields.read(role));
    }

    static List<NodeTuple> roleTuples(Node root) {
        return YamlText.get(root, "taskRoles").filter(MappingNode.class::isInstance)
                .map(r -> ((MappingNode) r).getValue()).orElse(List.of());
    }

    private static Optional<Integer> integer(Node node, String... keys) {
        return YamlText.string(node, keys).filter(s -> s.matches("\\d{1,9}")).map(Integer::valueOf);
    }

    /** The uri scalar of the docker image prerequisite the role names. */
    private static Optional<ScalarNode> imageNode(Node root, Node role) {
        Optional<String> name = YamlText.string(role, "dockerImage");
        return name.flatMap(n -> prerequisite(root, n)).flatMap(p -> YamlText.get(p, "uri"))
                .map(uri -> uri instanceof SequenceNode s && !s.getValue().isEmpty() ? s.getValue().get(0) : uri)
                .filter(ScalarNode.class::isInstance).map(ScalarNode.class::cast);
    }

    private static Optional<Node> prerequisite(Node root, String name) {
        return prerequisites(root).stream().filter(p -> YamlText.string(p, "name").filter(name::equals).isPresent())
                .findFirst();
    }

    private static List<Node> prerequisites(Node root) {
        return YamlText.get(root, "prerequisites").map(YamlText::items).orElse(List.of());
    }

    /** The document with a job field, or a field of its first task role, set. */
    static String set(String yaml, Field field, String value) {
        return set(yaml, "", field, value);
    }

    /**
     * The document with one field set; {@code role} names the task role of a role's field
     * ({@code ""}: the first, or a new {@value #DEFAULT_ROLE} when there is none). Unchanged
     * when the document cannot be read or has other roles but not this one.
     */
    static String set(String yaml, String role, Field field, String value) {
        Optional<YamlText> read = YamlText.read(yaml);
        if (read.isEmpty()) {
            return yaml;
        }
        YamlText doc = read.get();
        List<String> roles = values(doc).roleNames();
        String target = !role.isEmpty() ? role : roles.isEmpty() ? DEFAULT_ROLE : roles.get(0);
        if (field.ofRole() && !roles.isEmpty() && !roles.contains(target)) {
            return yaml;
        }
        return switch (field) {
            case NAME -> setString(doc, List.of("name"), value);
            case VIRTUAL_CLUSTER -> setString(doc, List.of("defaults", "virtualCluster"), value);
            case INSTANCES -> setInteger(doc, List.of("taskRoles", target, "instances"), value);
            case CPU -> setInteger(doc, List.of("taskRoles", target, "resourcePerInstance", "cpu"), value);
            case MEMORY_MB -> setInteger(doc, List.of("taskRoles", target, "resourcePerInstance", "memoryMB"), value);
            case GPU -> setInteger(doc, List.of("taskRoles", target, "resourcePerInstance", "gpu"), value);
            case IMAGE -> setImage(doc, target, value);
            case COMMANDS -> setCommands(doc, target, lines(value));
            case ENV, PIP_PACKAGES, MODULES, CONDA_PACKAGES, CALL_BEFORE, CALL_AFTER ->
                    DepsYamlFields.set(doc, target, field, lines(value));
        };
    }

    private static List<String> lines(String value) {
        return value.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private static String setInteger(YamlText doc, List<String> path, String value) {
        return value.matches("\\d{1,9}") ? setValue(doc, path, value) : doc.text();
    }

    /** Written plain when it reads back as the same string, otherwise double-quoted. */
    private static String setString(YamlText doc, List<String> path, String value) {
        if (YamlEdits.item(value).equals(value)) {
            String plain = setValue(doc, path, value);
            boolean readsBack = YamlText.read(plain).flatMap(d -> YamlText.get(d.root(), path.toArray(String[]::new)))
                    .filter(n -> n instanceof ScalarNode s && s.getValue().equals(value) && s.getTag().equals(Tag.STR))
                    .isPresent();
            if (readsBack) {
                return plain;
            }
        }
        return setValue(doc, path, doubleQuoted(value));
    }

    /** Puts {@code written} (YAML text) at the path, replacing the scalar there or adding the missing keys. */
    static String setValue(YamlText doc, List<String> path, String written) {
        Node parent = doc.root();
        for (int i = 0; i < path.size(); i++) {
            Optional<Node> child = YamlText.get(parent, path.get(i));
            if (child.isEmpty()) {
                return YamlEdits.insert(doc, parent, path.subList(i, path.size()), written);
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

    /**
     * Sets the uri of the role's image. An image prerequisite other roles use too is left to
     * them: the role gets a prerequisite of its own, as does a role without an image.
     */
    private static String setImage(YamlText doc, String role, String value) {
        Node root = doc.root();
        Optional<Node> roleNode = YamlText.get(root, "taskRoles", role);
        if (roleNode.isEmpty()) {
            return doc.text();
        }
        Optional<String> reference = YamlText.string(roleNode.get(), "dockerImage");
        boolean shared = reference.filter(name -> rolesUsing(root, name) > 1).isPresent();
        Optional<ScalarNode> uri = imageNode(root, roleNode.get());
        if (uri.isPresent() && !shared) {
            String written = YamlEdits.PLAIN_SAFE.matcher(value).matches() && !value.contains(" ") ? value
                    : doubleQuoted(value);
            return replace(doc.text(), doc.start(uri.get()), doc.end(uri.get()), written);
        }
        if (value.isBlank() || YamlText.get(roleNode.get(), "dockerImage").isPresent() && !shared) {
            return doc.text();
        }
        String name = freePrerequisiteName(root, shared ? role + "-image" : "image");
        String withReference = shared
                ? setValue(doc, List.of("taskRoles", role, "dockerImage"), name)
                : YamlEdits.insert(doc, roleNode.get(), List.of("dockerImage"), name);
        return addImagePrerequisite(YamlText.read(withReference).orElseThrow(), name, value);
    }

    private static long rolesUsing(Node root, String image) {
        return roleTuples(root).stream()
                .filter(t -> YamlText.string(t.getValueNode(), "dockerImage").filter(image::equals).isPresent())
                .count();
    }

    private static String freePrerequisiteName(Node root, String wanted) {
        Set<String> taken = prerequisites(root).stream().map(p -> YamlText.string(p, "name").orElse(""))
                .collect(Collectors.toSet());
        String name = wanted;
        for (int i = 2; taken.contains(name); i++) {
            name = wanted + "-" + i;
        }
        return name;
    }

    private static String addImagePrerequisite(YamlText doc, String name, String uri) {
        String entry = "name: " + name + "\n    type: dockerimage\n    uri: " + doubleQuoted(uri);
        Optional<Node> prerequisites = YamlText.get(doc.root(), "prerequisites");
        if (prerequisites.isEmpty()) {
            return YamlEdits.insertLines(doc, (MappingNode) doc.root(), "prerequisites:\n  - " + entry + "\n");
        }
        if (prerequisites.get() instanceof SequenceNode list && list.getFlowStyle() == FlowStyle.BLOCK
                && !list.getValue().isEmpty()) {
            int indent = doc.column(doc.start(list.getValue().get(0))) - 2;
            String item = " ".repeat(indent) + "- " + entry.replace("\n    ", "\n" + " ".repeat(indent + 2)) + "\n";
            return YamlEdits.insertLines(doc, list, item);
        }
        return doc.text();
    }

    private static String setCommands(YamlText doc, String role, List<String> commands) {
        Optional<Node> node = YamlText.get(doc.root(), "taskRoles", role, "commands");
        if (node.isEmpty()) {
            Optional<Node> roleNode = YamlText.get(doc.root(), "taskRoles", role);
            return roleNode.map(r -> YamlEdits.insert(doc, r, List.of("commands"), YamlEdits.flowList(commands)))
                    .orElse(doc.text());
        }
        return node.get() instanceof SequenceNode list ? YamlEdits.setItems(doc, list, commands) : doc.text();
    }
}
