package org.gantry.diagnostics;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * What a failed task attempt left, for the catalogue to match: its exit code, the dependency
 * step that failed, and texts to search line by line, in order (a later text's line is quoted
 * before an earlier one's when both match).
 */
public record Evidence(Optional<Integer> exitCode, Optional<String> failedStep, List<Text> texts) {

    public Evidence {
        texts = List.copyOf(texts);
    }

    /** Opens a text's bytes; the caller closes the stream. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    /**
     * A text to search.
     *
     * @param name    where it comes from, as the diagnosis names it: {@code stderr}, {@code stdout},
     *                {@code step pip}, {@code platform}
     * @param partial the text starts inside a line (a log's tail): its first line is skipped
     */
    public record Text(String name, Opener opener, boolean partial) {

        public static Text of(String name, String text) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            return new Text(name, () -> new ByteArrayInputStream(bytes), false);
        }
    }
}
