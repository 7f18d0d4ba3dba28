package org.gantry.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * What {@code gantry login} remembers: the server and the token, in
 * {@code ~/.gantry/cli.json} (or {@code $GANTRY_CLI_HOME/cli.json}), readable by its owner only.
 */
public record CliConfig(String server, String username, String token) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static Path home() {
        String override = System.getenv("GANTRY_CLI_HOME");
        return override != null && !override.isBlank() ? Path.of(override)
                : Path.of(System.getProperty("user.home"), ".gantry");
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
        Files.createDirectories(dir);
        Path file = dir.resolve("cli.json");
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), this);
    }

    static CliConfig require() throws IOException {
        return load().orElseThrow(() -> new CliException("Not signed in: run `gantry login --server URL --user NAME` first"));
    }
}
