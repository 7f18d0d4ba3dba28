package org.gantry.setup;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * The CLI users install: the standalone jar that {@code mvn package} builds into this server
 * (src/assembly/cli-jar.xml), and the installer script with this server's address filled in.
 * Both are read once and kept in memory; each has a strong ETag (its SHA-256).
 */
@Service
public class CliDistribution {

    static final String JAR_RESOURCE = "dist/gantry-cli.jar";
    private static final String SCRIPT_RESOURCE = "install.sh";
    private static final String SERVER_PLACEHOLDER = "@GANTRY_SERVER@";

    private final Optional<Artifact> jar;
    private final String scriptTemplate;

    public CliDistribution() {
        this.jar = read(JAR_RESOURCE).map(Artifact::of);
        this.scriptTemplate = read(SCRIPT_RESOURCE).map(bytes -> new String(bytes, StandardCharsets.UTF_8))
                .orElseThrow(() -> new IllegalStateException("install.sh is missing from Gantry's classpath"));
    }

    /** Bytes with their ETag. */
    public record Artifact(byte[] bytes, String etag) {

        static Artifact of(byte[] bytes) {
            try {
                byte[] digest = MessageDigest.getInstance("SHA-256").digest(bytes);
                return new Artifact(bytes, "\"" + HexFormat.of().formatHex(digest) + "\"");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The CLI jar; empty in a server run from classes that {@code mvn package} never built it into. */
    public Optional<Artifact> jar() {
        return jar;
    }

    /** The installer for the server at {@code serverUrl} (scheme, host, port and context path, no trailing slash). */
    public Artifact installScript(String serverUrl) {
        if (!serverUrl.matches("https?://[A-Za-z0-9.\\-\\[\\]:]+(/[A-Za-z0-9._~\\-/]*)?")) {
            throw new IllegalArgumentException("Not a server address to put into a shell script: " + serverUrl);
        }
        return Artifact.of(scriptTemplate.replace(SERVER_PLACEHOLDER, serverUrl).getBytes(StandardCharsets.UTF_8));
    }

    private static Optional<byte[]> read(String name) {
        try (InputStream in = CliDistribution.class.getResourceAsStream(name)) {
            return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
