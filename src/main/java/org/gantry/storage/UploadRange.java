package org.gantry.storage;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One piece of a resumable upload, as HTTP's {@code Content-Range: bytes first-last/total}
 * says it; {@code bytes * /total} (no piece) asks how much has arrived.
 */
public record UploadRange(OptionalLong first, OptionalLong last, long total) {

    private static final Pattern PIECE = Pattern.compile("bytes (\\d{1,19})-(\\d{1,19})/(\\d{1,19})");
    private static final Pattern PROBE = Pattern.compile("bytes \\*/(\\d{1,19})");

    /** Empty for a header that is absent; INVALID for one that is malformed. */
    public static Optional<UploadRange> parse(String header) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        try {
            Matcher piece = PIECE.matcher(header.trim());
            if (piece.matches()) {
                long first = Long.parseLong(piece.group(1));
                long last = Long.parseLong(piece.group(2));
                long total = Long.parseLong(piece.group(3));
                if (first <= last && last < total) {
                    return Optional.of(new UploadRange(OptionalLong.of(first), OptionalLong.of(last), total));
                }
            }
            Matcher probe = PROBE.matcher(header.trim());
            if (probe.matches()) {
                return Optional.of(new UploadRange(OptionalLong.empty(), OptionalLong.empty(), Long.parseLong(probe.group(1))));
            }
        } catch (NumberFormatException e) {
            // falls through to the refusal
        }
        throw new StorageException(StorageException.Kind.INVALID, "Content-Range must be 'bytes first-last/total'"
                + " with first <= last < total, or 'bytes */total'.");
    }

    public boolean isProbe() {
        return first.isEmpty();
    }

    public long length() {
        return last.orElseThrow() - first.orElseThrow() + 1;
    }
}
