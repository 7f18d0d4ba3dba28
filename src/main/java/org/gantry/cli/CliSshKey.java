package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The CLI's own SSH key, {@code ~/.gantry/id_ed25519}: made with {@code ssh-keygen} the first
 * time it is needed and registered with the signed-in account, so that after {@code gantry
 * login} the user never handles a key.
 */
final class CliSshKey {

    static final String FILE_NAME = "id_ed25519";

    private final Path privateKey;

    private CliSshKey(Path privateKey) {
        this.privateKey = privateKey;
    }

    /** The key, made if missing and registered with the account if it is not yet. */
    static CliSshKey ensureRegistered(ApiClient api) throws IOException, InterruptedException {
        Path file = CliConfig.home().resolve(FILE_NAME);
        if (!Files.exists(file)) {
            Files.createDirectories(file.getParent());
            run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "gantry-cli@" + hostName(),
                    "-f", file.toString()));
        }
        CliSshKey key = new CliSshKey(file);
        String publicKey = key.publicKey();
        String blob = blob(publicKey);
        Set<String> names = new HashSet<>();
        for (JsonNode registered : api.get("/api/v2/users/me/ssh-keys")) {
            if (blob(registered.path("publicKey").asText()).equals(blob)) {
                return key;
            }
            names.add(registered.path("name").asText());
        }
        String name = "cli-" + hostName().replaceAll("[^A-Za-z0-9._-]", "-");
        for (int n = 2; names.contains(name); n++) {
            name = name.replaceAll("-[0-9]+$", "") + "-" + n;
        }
        api.postJson("/api/v2/users/me/ssh-keys", Map.of("name", name, "publicKey", publicKey));
        System.err.println("Registered the CLI's SSH key " + file + " as '" + name + "'");
        return key;
    }

    Path privateKey() {
        return privateKey;
    }

    String publicKey() throws IOException {
        return Files.readString(Path.of(privateKey + ".pub"), StandardCharsets.US_ASCII).strip();
    }

    /** The key's type and base64 part, without comment, for comparing keys. */
    private static String blob(String publicKeyLine) {
        String[] parts = publicKeyLine.strip().split("\\s+");
        return parts.length >= 2 ? parts[0] + " " + parts[1] : publicKeyLine.strip();
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new CliException("Cannot run " + command.get(0) + ": install OpenSSH's client (" + e.getMessage() + ")");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new CliException(String.join(" ", command) + " failed: " + output.strip());
        }
    }
}
