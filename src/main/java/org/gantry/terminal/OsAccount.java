package org.gantry.terminal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** An account of this machine, as the name service ({@code getent passwd}) knows it. */
public record OsAccount(String name, int uid, int gid, Path home) {

    private static final String NAME_PATTERN = "[a-z_][a-z0-9_.-]{0,31}\\$?";

    /** Looks the account up; empty when there is none (or the name is not a valid account name). */
    public static Optional<OsAccount> lookup(String name) {
        if (name == null || !name.matches(NAME_PATTERN)) {
            return Optional.empty();
        }
        try {
            Process getent = new ProcessBuilder("getent", "passwd", name).redirectErrorStream(true).start();
            String line = new String(getent.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!getent.waitFor(10, TimeUnit.SECONDS) || getent.exitValue() != 0) {
                return Optional.empty();
            }
            String[] fields = line.split(":", -1);
            if (fields.length < 7 || !fields[0].equals(name)) {
                return Optional.empty();
            }
            return Optional.of(new OsAccount(name, Integer.parseInt(fields[2]), Integer.parseInt(fields[3]),
                    Path.of(fields[5].isEmpty() ? "/" : fields[5])));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
