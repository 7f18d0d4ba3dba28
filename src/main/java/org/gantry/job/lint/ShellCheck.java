package org.gantry.job.lint;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The {@code shellcheck} program, run on a bash script given on stdin with
 * {@code -f json -s bash}. One process per script not seen recently, killed after the timeout
 * (then there are no comments). Thread-safe.
 */
public final class ShellCheck {

    /** ShellCheck's reading of a script: 1-based lines, columns with tabs counted to stops of 8. */
    record Comment(int line, int column, int endLine, int endColumn, String level, int code, String message,
                   List<Replacement> fix) {
    }

    /** One edit of ShellCheck's suggested fix, positioned like a comment. */
    record Replacement(int line, int column, int endLine, int endColumn, String text) {
    }

    /**
     * Left out: sourced files cannot be followed (SC1090, SC1091); variables set for the
     * programs a command starts look unused (SC2034); unset variables are reported by Gantry's
     * own rule, which knows deps.env and the platform's variables (SC2154).
     */
    static final String EXCLUDED = "SC1090,SC1091,SC2034,SC2154";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Scripts whose comments are kept: an edit changes one command block, the rest come from here. */
    static final int CACHED_SCRIPTS = 512;

    private final Path binary;
    private final Duration timeout;
    private final Map<String, List<Comment>> cache = Collections.synchronizedMap(
            new LinkedHashMap<>(64, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, List<Comment>> eldest) {
                    return size() > CACHED_SCRIPTS;
                }
            });

    public ShellCheck(Path binary, Duration timeout) {
        this.binary = binary;
        this.timeout = timeout;
    }

    /** The {@code shellcheck} on PATH, if there is one. */
    public static Optional<ShellCheck> onPath(Duration timeout) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "shellcheck");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(new ShellCheck(candidate, timeout));
            }
        }
        return Optional.empty();
    }

    public Path binary() {
        return binary;
    }

    /**
     * ShellCheck's comments on the script; none when it fails or takes too long. Answers for
     * recent scripts are remembered (a failed or timed-out run is not).
     */
    List<Comment> check(String script) {
        List<Comment> cached = cache.get(script);
        if (cached != null) {
            return cached;
        }
        Optional<List<Comment>> comments = run(script);
        comments.ifPresent(c -> cache.put(script, List.copyOf(c)));
        return comments.orElse(List.of());
    }

    private Optional<List<Comment>> run(String script) {
        Process process;
        try {
            process = new ProcessBuilder(binary.toString(), "-f", "json", "-s", "bash", "-e", EXCLUDED, "-")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return Optional.empty();
        }
        try {
            CompletableFuture<byte[]> output = CompletableFuture.supplyAsync(() -> readAll(process.getInputStream()));
            try (OutputStream in = process.getOutputStream()) {
                in.write(script.getBytes(StandardCharsets.UTF_8));
            }
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return Optional.empty();
            }
            return Optional.of(parse(output.get(timeout.toMillis(), TimeUnit.MILLISECONDS)));
        } catch (IOException | ExecutionException | TimeoutException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } finally {
            process.destroyForcibly();
        }
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            return new byte[0];
        }
    }

    static List<Comment> parse(byte[] json) throws IOException {
        List<Comment> comments = new ArrayList<>();
        if (json.length == 0) {
            return comments;
        }
        for (JsonNode c : JSON.readTree(json)) {
            List<Replacement> fix = new ArrayList<>();
            for (JsonNode r : c.path("fix").path("replacements")) {
                fix.add(new Replacement(r.path("line").asInt(), r.path("column").asInt(), r.path("endLine").asInt(),
                        r.path("endColumn").asInt(), r.path("replacement").asText()));
            }
            comments.add(new Comment(c.path("line").asInt(), c.path("column").asInt(), c.path("endLine").asInt(),
                    c.path("endColumn").asInt(), c.path("level").asText(), c.path("code").asInt(),
                    c.path("message").asText(), fix));
        }
        return comments;
    }
}
