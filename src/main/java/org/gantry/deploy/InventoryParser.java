package org.gantry.deploy;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads an inventory file with SnakeYAML's node API, so that every problem is reported at its
 * line and column, all of them at once (as OpenPAI's layout check does, but with positions):
 * unknown keys and roles, missing fields, bad ports, duplicate names and addresses, missing key
 * files, not exactly one system machine, no compute machine.
 */
public final class InventoryParser {

    /** A machine's name becomes an SSH host's alias in Gantry. */
    static final String NAME_PATTERN = "[A-Za-z0-9_.-]{1,64}";
    private static final String VC_PATTERN = "[A-Za-z0-9_-]{1,64}";
    private static final Set<String> TOP_KEYS = Set.of("gantry", "machines", "slurm");
    private static final Set<String> SLURM_KEYS = Set.of("conf", "dir", "cluster_name", "slurmctld_port",
            "slurmd_port");
    private static final Set<String> GANTRY_KEYS = Set.of("url", "admin", "jar", "dir", "admin_password_file",
            "database", "java", "java_options");
    private static final Set<String> DATABASE_KEYS = Set.of("url", "user", "password_file");
    private static final Set<String> MACHINE_KEYS = Set.of("name", "address", "port", "user", "key", "roles",
            "storage_dir", "slurm", "vc");

    private final List<InventoryProblem> problems = new ArrayList<>();
    private final Path file;

    private InventoryParser(Path file) {
        this.file = file.toAbsolutePath().normalize();
    }

    /** The inventory in {@code file}; {@link InventoryException} lists every problem when it is not usable. */
    public static Inventory parse(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file)) {
            return new InventoryParser(file).read(reader);
        }
    }

    /** The inventory in {@code text}, relative key paths resolved against {@code file}'s directory. */
    public static Inventory parse(Path file, String text) {
        return new InventoryParser(file).read(new StringReader(text));
    }

    private Inventory read(Reader reader) {
        Node root;
        try {
            root = new Yaml(new LoaderOptions()).compose(reader);
        } catch (MarkedYAMLException e) {
            var mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
            throw new InventoryException(file, List.of(new InventoryProblem(mark.getLine() + 1, mark.getColumn() + 1,
                    "not YAML: " + e.getProblem())));
        }
        if (!(root instanceof MappingNode top)) {
            throw new InventoryException(file, List.of(new InventoryProblem(1, 1,
                    "an inventory is a mapping with `gantry:` and `machines:`")));
        }
        Map<String, NodeTuple> topKeys = keys(top, TOP_KEYS);
        Inventory.Gantry gantry = gantry(topKeys.get("gantry"), top);
        Inventory.Slurm slurm = topKeys.containsKey("slurm") ? slurm(topKeys.get("slurm").getValueNode())
                : Inventory.Slurm.defaults();
        List<Inventory.Machine> machines = new ArrayList<>();
        List<Node> machineNodes = new ArrayList<>();
        NodeTuple list = topKeys.get("machines");
        if (list == null) {
            problem(top, "`machines:` is missing: list the machines with their roles");
        } else if (!(list.getValueNode() instanceof SequenceNode sequence)) {
            problem(list.getValueNode(), "`machines:` is a list, one entry per machine");
        } else {
            for (Node entry : sequence.getValue()) {
                machine(entry).ifPresent(m -> {
                    machines.add(m);
                    machineNodes.add(entry);
                });
            }
            checkCluster(machines, machineNodes, list.getKeyNode());
        }
        if (!problems.isEmpty()) {
            problems.sort(Comparator.comparingInt(InventoryProblem::line).thenComparingInt(InventoryProblem::column));
            throw new InventoryException(file, problems);
        }
        return new Inventory(file, gantry, List.copyOf(machines), slurm);
    }

    private Inventory.Gantry gantry(NodeTuple tuple, MappingNode top) {
        String url = "http://127.0.0.1:8080";
        String admin = "admin";
        Optional<Path> jar = Optional.empty();
        String dir = "/opt/gantry";
        Optional<Path> adminPasswordFile = Optional.empty();
        Optional<Inventory.Database> database = Optional.empty();
        String java = "java";
        String javaOptions = "";
        if (tuple == null) {
            return new Inventory.Gantry(url, admin, jar, dir, adminPasswordFile, database, java, javaOptions);
        }
        if (!(tuple.getValueNode() instanceof MappingNode mapping)) {
            problem(tuple.getValueNode(), "`gantry:` is a mapping (" + String.join(", ", GANTRY_KEYS.stream().sorted()
                    .toList()) + ")");
            return new Inventory.Gantry(url, admin, jar, dir, adminPasswordFile, database, java, javaOptions);
        }
        Map<String, NodeTuple> keys = keys(mapping, GANTRY_KEYS);
        if (keys.containsKey("url")) {
            Node node = keys.get("url").getValueNode();
            url = scalar(node, "url").orElse(url);
            if (!url.matches("(?i)https?://[^/\\s]+(/\\S*)?")) {
                problem(node, "url `" + url + "` is not an address such as http://10.0.0.1:8080");
            }
            url = url.replaceAll("/+$", "");
        }
        if (keys.containsKey("admin")) {
            admin = scalar(keys.get("admin").getValueNode(), "admin").orElse(admin);
        }
        if (keys.containsKey("jar")) {
            jar = existingFile(keys.get("jar").getValueNode(), "jar", " (build it with `mvn -Pproduction package`)");
        }
        if (keys.containsKey("dir")) {
            Node node = keys.get("dir").getValueNode();
            dir = scalar(node, "dir").orElse(dir);
            if (!dir.startsWith("/")) {
                problem(node, "dir `" + dir + "` is not an absolute path");
            }
        }
        if (keys.containsKey("admin_password_file")) {
            adminPasswordFile = existingFile(keys.get("admin_password_file").getValueNode(), "admin_password_file", "");
        }
        if (keys.containsKey("database")) {
            database = database(keys.get("database").getValueNode());
        }
        if (keys.containsKey("java")) {
            java = scalar(keys.get("java").getValueNode(), "java").orElse(java);
        }
        if (keys.containsKey("java_options")) {
            javaOptions = scalar(keys.get("java_options").getValueNode(), "java_options").orElse(javaOptions);
        }
        return new Inventory.Gantry(url, admin, jar, dir, adminPasswordFile, database, java, javaOptions);
    }

    private Inventory.Slurm slurm(Node node) {
        Inventory.Slurm slurm = Inventory.Slurm.defaults();
        if (!(node instanceof MappingNode mapping)) {
            problem(node, "`slurm:` is a mapping (" + String.join(", ", SLURM_KEYS.stream().sorted().toList()) + ")");
            return slurm;
        }
        Map<String, NodeTuple> keys = keys(mapping, SLURM_KEYS);
        String conf = absolute(keys, "conf", slurm.conf());
        String dir = absolute(keys, "dir", slurm.dir());
        String clusterName = slurm.clusterName();
        if (keys.containsKey("cluster_name")) {
            Node nameNode = keys.get("cluster_name").getValueNode();
            clusterName = scalar(nameNode, "cluster_name").orElse(clusterName);
            if (!clusterName.matches("[a-z][a-z0-9_]{0,39}")) {
                problem(nameNode, "cluster_name `" + clusterName + "` is not 1 to 40 lower-case letters, digits or '_'"
                        + " starting with a letter");
            }
        }
        return new Inventory.Slurm(conf, dir, clusterName, port(keys, "slurmctld_port", slurm.slurmctldPort()),
                port(keys, "slurmd_port", slurm.slurmdPort()));
    }

    private String absolute(Map<String, NodeTuple> keys, String key, String otherwise) {
        if (!keys.containsKey(key)) {
            return otherwise;
        }
        Node node = keys.get(key).getValueNode();
        String path = scalar(node, key).orElse(otherwise);
        if (!path.matches("/[A-Za-z0-9_./-]*") || path.contains("..")) {
            problem(node, key + " `" + path + "` is not an absolute path of letters, digits, '_', '.', '-' and '/'");
        }
        return path;
    }

    private int port(Map<String, NodeTuple> keys, String key, int otherwise) {
        if (!keys.containsKey(key)) {
            return otherwise;
        }
        Node node = keys.get(key).getValueNode();
        String text = scalar(node, key).orElse("");
        int port;
        try {
            port = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            problem(node, key + " `" + text + "` is not a number from 1 to 65535");
        }
        return port;
    }

    private Optional<Inventory.Database> database(Node node) {
        if (!(node instanceof MappingNode mapping)) {
            problem(node, "`database:` is a mapping (url, user, password_file)");
            return Optional.empty();
        }
        Map<String, NodeTuple> keys = keys(mapping, DATABASE_KEYS);
        Optional<String> url = required(keys, "url", mapping);
        url.filter(u -> !u.startsWith("jdbc:postgresql://")).ifPresent(u -> problem(keys.get("url").getValueNode(),
                "database url `" + u + "` is not a PostgreSQL JDBC address such as jdbc:postgresql://10.0.0.1:5432/gantry"));
        Optional<String> user = required(keys, "user", mapping);
        Optional<Path> passwordFile = keys.containsKey("password_file")
                ? existingFile(keys.get("password_file").getValueNode(), "password_file", "")
                : required(keys, "password_file", mapping).map(this::resolve);
        if (url.isEmpty() || user.isEmpty() || passwordFile.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Inventory.Database(url.get(), user.get(), passwordFile.get()));
    }

    /** A local file the inventory names, resolved against its directory; a problem when it does not exist. */
    private Optional<Path> existingFile(Node node, String what, String hint) {
        Optional<Path> path = scalar(node, what).map(this::resolve);
        path.filter(p -> !Files.isRegularFile(p))
                .ifPresent(p -> problem(node, what + " " + p + " does not exist" + hint));
        return path;
    }

    private Optional<Inventory.Machine> machine(Node node) {
        if (!(node instanceof MappingNode mapping)) {
            problem(node, "a machine is a mapping with name, address, user, key and roles");
            return Optional.empty();
        }
        int before = problems.size();
        Map<String, NodeTuple> keys = keys(mapping, MACHINE_KEYS);
        String name = required(keys, "name", mapping).orElse("");
        if (!name.isEmpty() && !name.matches(NAME_PATTERN)) {
            problem(keys.get("name").getValueNode(), "name `" + name + "` is not 1 to 64 letters, digits, '_', '.'"
                    + " or '-'");
        }
        String address = required(keys, "address", mapping).orElse("");
        if (!address.isEmpty() && !address.matches("[A-Za-z0-9.:-]+")) {
            problem(keys.get("address").getValueNode(), "address `" + address + "` is not a host name or IP address");
        }
        int port = 22;
        if (keys.containsKey("port")) {
            Node portNode = keys.get("port").getValueNode();
            String text = scalar(portNode, "port").orElse("22");
            try {
                port = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                problem(portNode, "port `" + text + "` is not a number from 1 to 65535");
            }
        }
        String user = required(keys, "user", mapping).orElse("");
        Path key = required(keys, "key", mapping).map(this::resolve).orElse(Path.of(""));
        if (keys.containsKey("key") && !Files.isRegularFile(key)) {
            problem(keys.get("key").getValueNode(), "key file " + key + " does not exist");
        } else if (keys.containsKey("key") && !Files.isReadable(key)) {
            problem(keys.get("key").getValueNode(), "key file " + key + " cannot be read");
        }
        Set<Inventory.Role> roles = roles(keys.get("roles"), mapping);
        Optional<String> storageDir = Optional.ofNullable(keys.get("storage_dir"))
                .flatMap(t -> scalar(t.getValueNode(), "storage_dir"));
        if (roles.contains(Inventory.Role.STORAGE) && storageDir.isEmpty()) {
            problem(keys.containsKey("roles") ? keys.get("roles").getValueNode() : mapping,
                    "a storage machine needs `storage_dir:`, the directory that becomes the storage");
        }
        storageDir.filter(dir -> !dir.startsWith("/") || dir.contains(".."))
                .ifPresent(dir -> problem(keys.get("storage_dir").getValueNode(),
                        "storage_dir `" + dir + "` is not an absolute path without `..`"));
        if (storageDir.isPresent() && !roles.contains(Inventory.Role.STORAGE)) {
            problem(keys.get("storage_dir").getKeyNode(), "storage_dir is only for machines with the storage role");
        }
        boolean slurm = false;
        if (keys.containsKey("slurm")) {
            Node slurmNode = keys.get("slurm").getValueNode();
            String text = scalar(slurmNode, "slurm").orElse("false");
            if (!text.equals("true") && !text.equals("false")) {
                problem(slurmNode, "slurm is true or false, not `" + text + "`");
            }
            slurm = text.equals("true");
        }
        Optional<String> vc = Optional.ofNullable(keys.get("vc")).flatMap(t -> scalar(t.getValueNode(), "vc"));
        vc.filter(v -> !v.matches(VC_PATTERN)).ifPresent(v -> problem(keys.get("vc").getValueNode(),
                "vc `" + v + "` is not 1 to 64 letters, digits, '_' or '-'"));
        if ((vc.isPresent() || slurm) && !roles.contains(Inventory.Role.COMPUTE)) {
            problem(keys.containsKey("vc") ? keys.get("vc").getKeyNode() : keys.get("slurm").getKeyNode(),
                    "vc and slurm are only for machines with the compute role");
        }
        if (problems.size() > before) {
            return Optional.empty();
        }
        return Optional.of(new Inventory.Machine(name, address, port, user, key, roles, storageDir, slurm,
                roles.contains(Inventory.Role.COMPUTE) ? Optional.of(vc.orElse("default")) : Optional.empty()));
    }

    private Set<Inventory.Role> roles(NodeTuple tuple, MappingNode machine) {
        Set<Inventory.Role> roles = EnumSet.noneOf(Inventory.Role.class);
        if (tuple == null) {
            problem(machine, "`roles:` is missing: give one or more of system, storage, compute");
            return roles;
        }
        List<Node> items = tuple.getValueNode() instanceof SequenceNode sequence ? sequence.getValue()
                : List.of(tuple.getValueNode());
        if (items.isEmpty()) {
            problem(tuple.getValueNode(), "`roles:` is empty: give one or more of system, storage, compute");
        }
        for (Node item : items) {
            scalar(item, "a role").ifPresent(text -> {
                try {
                    if (!roles.add(Inventory.Role.valueOf(text.toUpperCase(Locale.ROOT)))) {
                        problem(item, "role " + text + " is listed twice");
                    }
                } catch (IllegalArgumentException e) {
                    problem(item, "unknown role `" + text + "`: a role is system, storage or compute");
                }
            });
        }
        return roles;
    }

    private void checkCluster(List<Inventory.Machine> machines, List<Node> nodes, Node listKey) {
        Map<String, Integer> names = new HashMap<>();
        Map<String, Integer> addresses = new HashMap<>();
        List<Node> systems = new ArrayList<>();
        for (int i = 0; i < machines.size(); i++) {
            Inventory.Machine machine = machines.get(i);
            MappingNode node = (MappingNode) nodes.get(i);
            Integer sameName = names.putIfAbsent(machine.name(), i);
            if (sameName != null) {
                problem(value(node, "name"), "name " + machine.name() + " is used twice (first at line "
                        + (line(nodes.get(sameName)) + ")"));
            }
            String address = machine.address().toLowerCase(Locale.ROOT) + ":" + machine.port();
            Integer sameAddress = addresses.putIfAbsent(address, i);
            if (sameAddress != null) {
                problem(value(node, "address"), "address " + machine.address() + " port " + machine.port()
                        + " is machine " + machines.get(sameAddress).name() + "'s already (line "
                        + line(nodes.get(sameAddress)) + ")");
            }
            if (machine.has(Inventory.Role.SYSTEM)) {
                systems.add(value(node, "roles"));
            }
        }
        if (problems.isEmpty() && systems.isEmpty()) {
            problem(listKey, "no machine has the system role: exactly one runs Gantry and PostgreSQL");
        }
        for (Node extra : systems.subList(Math.min(1, systems.size()), systems.size())) {
            problem(extra, "a second machine with the system role (the first is at line " + line(systems.get(0))
                    + "): exactly one runs Gantry");
        }
        if (problems.isEmpty() && machines.stream().noneMatch(m -> m.has(Inventory.Role.COMPUTE))) {
            problem(listKey, "no machine has the compute role: at least one runs tasks");
        }
    }

    /** The value of {@code key} in a machine already read, for a position. */
    private static Node value(MappingNode node, String key) {
        return node.getValue().stream().filter(t -> t.getKeyNode() instanceof ScalarNode s && s.getValue().equals(key))
                .map(NodeTuple::getValueNode).findFirst().orElse(node);
    }

    /** The mapping's keys; unknown and repeated keys are problems. */
    private Map<String, NodeTuple> keys(MappingNode mapping, Set<String> known) {
        Map<String, NodeTuple> keys = new LinkedHashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
            Optional<String> key = scalar(tuple.getKeyNode(), "a key");
            if (key.isEmpty()) {
                continue;
            }
            if (!known.contains(key.get())) {
                problem(tuple.getKeyNode(), "unknown key `" + key.get() + "` (known: "
                        + String.join(", ", known.stream().sorted().toList()) + ")");
            } else if (keys.putIfAbsent(key.get(), tuple) != null) {
                problem(tuple.getKeyNode(), "`" + key.get() + "` is given twice");
            }
        }
        return keys;
    }

    private Optional<String> required(Map<String, NodeTuple> keys, String key, MappingNode where) {
        NodeTuple tuple = keys.get(key);
        if (tuple == null) {
            problem(where, "`" + key + ":` is missing");
            return Optional.empty();
        }
        Optional<String> value = scalar(tuple.getValueNode(), key);
        if (value.isPresent() && value.get().isBlank()) {
            problem(tuple.getValueNode(), "`" + key + ":` is empty");
            return Optional.empty();
        }
        return value;
    }

    private Optional<String> scalar(Node node, String what) {
        if (node instanceof ScalarNode scalar) {
            return Optional.of(scalar.getValue().strip());
        }
        problem(node, what + " is a single value, not a " + (node instanceof SequenceNode ? "list" : "mapping"));
        return Optional.empty();
    }

    private Path resolve(String path) {
        String expanded = path.startsWith("~/") ? System.getProperty("user.home") + path.substring(1) : path;
        return file.getParent().resolve(expanded).normalize();
    }

    private static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }

    private void problem(Node node, String message) {
        problems.add(new InventoryProblem(line(node), node.getStartMark().getColumn() + 1, message));
    }
}
