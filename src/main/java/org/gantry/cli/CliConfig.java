package org.gantry.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code gantry login} remembers: the server and the token, in {@code cli.json} of the
 * CLI's directory ({@link CliDirectory}), readable by its owner only.
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

    public static Optional<CliConfig> load() throws IOException {
        Path file = home().resolve("cli.json");
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        return Optional.of(JSON.readValue(file.toFile(), CliConfig.class));
    }

    public void save() throws IOException {
        Path dir = home();
        if (!Files.exists(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        Path file = dir.resolve("cli.json");
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), this);
    }

    static CliConfig require() throws IOException {
        return load().orElseThrow(() -> new CliException("Not signed in: run `gantry login --server URL --user NAME`"
                + " first"));
    }

    /** The sign-in for {@code server}: a token is never sent to a server other than the one that issued it. */
    static CliConfig requireFor(String server) throws IOException {
        return load().filter(config -> sameServer(config.server(), server)).orElseThrow(() -> new CliException(
                "Not signed in to " + server + ": run `gantry login --server " + server + " --user NAME` first"));
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
