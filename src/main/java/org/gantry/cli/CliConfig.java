package org.gantry.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The server, user and token a command talks with: the current cluster of
 * {@code clusters.yaml} ({@link Clusters}), else the {@code cli.json} older versions wrote.
 */
public record CliConfig(String server, String username, String token) {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path home;

    /** The CLI's directory; the first call moves the files of an older version there. */
    public static synchronized Path home() throws IOException {
        if (home == null) {
            Map<String, String> env = System.getenv();
            String userHome = System.getProperty("user.home");
            Path dir = CliDirectory.resolve(env, userHome);
            if (env.get("GANTRY_CONFIG") == null && env.get("GANTRY_CLI_HOME") == null) {
                CliDirectory.migrate(CliDirectory.legacy(env, userHome), dir)
                        .ifPresent(moved -> System.err.println("gantry: " + moved));
            }
            home = dir;
        }
        return home;
    }

    /** The current cluster ({@code gantry cluster use}), else the sign-in of versions before clusters.yaml. */
    public static Optional<CliConfig> load() throws IOException {
        Optional<Clusters.Cluster> current = Clusters.load().current();
        if (current.isPresent()) {
            return current.map(CliConfig::of);
        }
        return legacy();
    }

    static CliConfig require() throws IOException {
        return load().orElseThrow(() -> new CliException("No cluster to talk to: add one with `gantry cluster add"
                + " --alias NAME --uri URL --user NAME` (or pick one with `gantry cluster use ALIAS`)"));
    }

    /** The sign-in for {@code server}: a token is never sent to a server other than the one that issued it. */
    static CliConfig requireFor(String server) throws IOException {
        Optional<CliConfig> known = Clusters.load().onServer(server).map(CliConfig::of);
        if (known.isEmpty()) {
            known = legacy().filter(config -> sameServer(config.server(), server));
        }
        return known.orElseThrow(() -> new CliException("Not signed in to " + server + ": run `gantry login --server "
                + server + " --user NAME` or `gantry cluster add --alias NAME --uri " + server + " --user NAME` first"));
    }

    private static CliConfig of(Clusters.Cluster cluster) {
        return new CliConfig(cluster.uri(), cluster.user(), cluster.token());
    }

    /** {@code cli.json}, where {@code gantry login} kept its one sign-in before clusters.yaml. */
    private static Optional<CliConfig> legacy() throws IOException {
        Path file = home().resolve("cli.json");
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        return Optional.of(JSON.readValue(file.toFile(), CliConfig.class));
    }

    /** Whether two addresses name the same server: scheme and host in any case, a trailing slash or not. */
    static boolean sameServer(String a, String b) {
        return normalized(a).equals(normalized(b));
    }

    private static String normalized(String server) {
        String trimmed = server.strip().replaceAll("/+$", "");
        int hostEnd = trimmed.indexOf('/', trimmed.indexOf("://") + 3);
        if (trimmed.indexOf("://") < 0 || hostEnd < 0) {
            return trimmed.toLowerCase(Locale.ROOT);
        }
        return trimmed.substring(0, hostEnd).toLowerCase(Locale.ROOT) + trimmed.substring(hostEnd);
    }
}
