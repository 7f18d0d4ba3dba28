package org.gantry.cli;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The clusters the CLI knows, in {@code clusters.yaml} of the CLI's directory
 * ({@link CliDirectory}), mode 600 since it holds tokens; one of them is current and the job
 * commands use it. See docs/decisions/0016-cli-clusters.md.
 */
final class Clusters {

    static final String FILE_NAME = "clusters.yaml";

    /**
     * One cluster: where it is, who the user is there and the token that proves it, and what
     * {@code cluster add} found there (storages empty when the server has no storage API).
     */
    record Cluster(String alias, String uri, String user, String token, List<String> virtualClusters,
                   Optional<List<String>> storages) {
    }

    private final Path file;
    private final List<Cluster> clusters;
    private Optional<String> current;

    private Clusters(Path file, List<Cluster> clusters, Optional<String> current) {
        this.file = file;
        this.clusters = clusters;
        this.current = current;
    }

    static Clusters load() throws IOException {
        return load(CliConfig.home().resolve(FILE_NAME));
    }

    static Clusters load(Path file) throws IOException {
        if (!Files.exists(file)) {
            return new Clusters(file, new ArrayList<>(), Optional.empty());
        }
        Object root;
        try {
            root = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(file));
        } catch (RuntimeException e) {
            throw new CliException(file + " is not valid YAML (" + e.getMessage().lines().findFirst().orElse("")
                    + "): fix it or remove it and add your clusters again");
        }
        Map<?, ?> map = root instanceof Map<?, ?> m ? m : Map.of();
        List<Cluster> clusters = new ArrayList<>();
        if (map.get("clusters") instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map<?, ?> entry && text(entry, "alias") != null && text(entry, "uri") != null) {
                    clusters.add(new Cluster(text(entry, "alias"), text(entry, "uri"), text(entry, "user"),
                            text(entry, "token"), strings(entry.get("virtualClusters")).orElse(List.of()),
                            strings(entry.get("storages"))));
                }
            }
        }
        return new Clusters(file, clusters, Optional.ofNullable(text(map, "current")));
    }

    List<Cluster> all() {
        return List.copyOf(clusters);
    }

    Optional<Cluster> find(String alias) {
        return clusters.stream().filter(c -> c.alias().equals(alias)).findFirst();
    }

    Optional<Cluster> current() {
        return current.flatMap(this::find);
    }

    /** The current cluster if it is on {@code server}, else the first that is. */
    Optional<Cluster> onServer(String server) {
        return current().filter(c -> CliConfig.sameServer(c.uri(), server))
                .or(() -> clusters.stream().filter(c -> CliConfig.sameServer(c.uri(), server)).findFirst());
    }

    /** Adds {@code cluster}, or replaces the one of its alias; says whether it replaced one. */
    boolean put(Cluster cluster) {
        for (int i = 0; i < clusters.size(); i++) {
            if (clusters.get(i).alias().equals(cluster.alias())) {
                clusters.set(i, cluster);
                return true;
            }
        }
        clusters.add(cluster);
        return false;
    }

    boolean remove(String alias) {
        boolean removed = clusters.removeIf(c -> c.alias().equals(alias));
        if (current.filter(alias::equals).isPresent()) {
            current = Optional.empty();
        }
        return removed;
    }

    void use(String alias) {
        current = Optional.of(alias);
    }

    /** Writes the file readable by its owner only, replacing the old one in one step. */
    void save() throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.exists(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        Map<String, Object> root = new LinkedHashMap<>();
        current.ifPresent(alias -> root.put("current", alias));
        List<Map<String, Object>> list = new ArrayList<>();
        for (Cluster cluster : clusters) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("alias", cluster.alias());
            entry.put("uri", cluster.uri());
            entry.put("user", cluster.user());
            entry.put("token", cluster.token());
            entry.put("virtualClusters", cluster.virtualClusters());
            cluster.storages().ifPresent(storages -> entry.put("storages", storages));
            list.add(entry);
        }
        root.put("clusters", list);
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        String yaml = "# The clusters of the Gantry CLI (gantry cluster add|list|use|remove); it holds tokens: keep it"
                + " private.\n" + new Yaml(options).dump(root);
        Path temporary = Files.createTempFile(dir, ".clusters", ".yaml",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(temporary, yaml);
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static String text(Map<?, ?> map, String key) {
        Object value = map.get(key);
        return value == null ? null : String.valueOf(value);
    }

    private static Optional<List<String>> strings(Object value) {
        return value instanceof List<?> list ? Optional.of(list.stream().map(String::valueOf).toList())
                : Optional.empty();
    }
}
