package org.gantry.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where the CLI keeps its sign-in, SSH key and known_hosts: {@code $GANTRY_CONFIG}, else
 * {@code $XDG_CONFIG_HOME/gantry}, else {@code $HOME/.config/gantry}. {@code $HOME} counts
 * rather than the account's home from the password database (Java's {@code user.home}), so
 * that {@code HOME=/some/dir gantry …} keeps everything under that directory. The server
 * keeps its data in {@code ~/.gantry/data} by default; the CLI never writes there.
 */
final class CliDirectory {

    /** The files the CLI once kept in {@code ~/.gantry}, beside the server's data. */
    static final List<String> FILES = List.of("cli.json", CliSshKey.FILE_NAME, CliSshKey.FILE_NAME + ".pub",
            "known_hosts");

    private CliDirectory() {
    }

    /** The directory the environment names, with {@code userHome} for a missing {@code $HOME}. */
    static Path resolve(Map<String, String> env, String userHome) {
        Optional<Path> chosen = set(env, "GANTRY_CONFIG").or(() -> set(env, "GANTRY_CLI_HOME"));
        if (chosen.isPresent()) {
            Path dir = chosen.get().toAbsolutePath().normalize();
            Path serverData = serverData(env, userHome);
            if (dir.startsWith(serverData) || serverData.startsWith(dir)) {
                throw new CliException("GANTRY_CONFIG=" + dir + " shares a folder with the server's data ("
                        + serverData + "): point it at a directory of its own, e.g. " + home(env, userHome)
                        .resolve(".config").resolve("gantry"));
            }
            return dir;
        }
        return set(env, "XDG_CONFIG_HOME").orElseGet(() -> home(env, userHome).resolve(".config")).resolve("gantry");
    }

    /** Where versions before this one kept the CLI's files. */
    static Path legacy(Map<String, String> env, String userHome) {
        return home(env, userHome).resolve(".gantry");
    }

    /**
     * Moves the CLI's files from the old place to {@code to} when {@code to} has no sign-in yet
     * and the old place has one; says what it moved, or nothing when there was nothing to move.
     */
    static Optional<String> migrate(Path from, Path to) throws IOException {
        if (Files.exists(to.resolve("cli.json")) || !Files.exists(from.resolve("cli.json"))) {
            return Optional.empty();
        }
        Files.createDirectories(to);
        for (String name : FILES) {
            if (Files.exists(from.resolve(name)) && !Files.exists(to.resolve(name))) {
                Files.move(from.resolve(name), to.resolve(name));
            }
        }
        return Optional.of("moved the CLI's sign-in, SSH key and known_hosts from " + from + " to " + to
                + " (the server keeps its data under " + from + ")");
    }

    private static Path serverData(Map<String, String> env, String userHome) {
        return set(env, "GANTRY_DATA_DIR").orElseGet(() -> Path.of(userHome, ".gantry", "data"))
                .toAbsolutePath().normalize();
    }

    private static Path home(Map<String, String> env, String userHome) {
        return set(env, "HOME").orElseGet(() -> Path.of(userHome));
    }

    private static Optional<Path> set(Map<String, String> env, String name) {
        return Optional.ofNullable(env.get(name)).filter(v -> !v.isBlank()).map(Path::of);
    }
}
