package org.gantry.storage;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A path inside a storage, normalized once: segments joined by {@code /}, no leading or
 * trailing slash, the root being the empty path. Every caller's path passes through
 * {@link #of(String)}, which refuses rather than repairs anything that could name a place
 * outside the root: {@code .} and {@code ..} segments, backslashes, NUL and other control
 * characters, names of only dots, and percent escapes left in an already decoded path ({@code %2e%2e} decoded
 * once more by a lower layer would be {@code ..}). Symbolic links are the backend's to check.
 */
public record StoragePath(String value) {

    public static final StoragePath ROOT = new StoragePath("");
    static final int SEGMENT_MAX = 255;
    static final int LENGTH_MAX = 4096;
    private static final Pattern PERCENT_ESCAPE = Pattern.compile("%[0-9A-Fa-f]{2}");

    public StoragePath {
        if (value == null) {
            throw new IllegalArgumentException("null path");
        }
    }

    /** The normalized path; a {@link StorageException} of kind INVALID says what is wrong with {@code raw}. */
    public static StoragePath of(String raw) {
        if (raw == null || raw.isEmpty() || raw.equals("/")) {
            return ROOT;
        }
        if (raw.length() > LENGTH_MAX) {
            throw invalid("is longer than " + LENGTH_MAX + " characters");
        }
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw invalid(c == 0 ? "contains a NUL character" : "contains a control character");
            }
            if (c == '\\') {
                throw invalid("contains a backslash; separate folders with /");
            }
        }
        if (PERCENT_ESCAPE.matcher(raw).find()) {
            throw invalid("contains a percent escape after decoding; encode a path exactly once");
        }
        List<String> segments = new ArrayList<>();
        for (String segment : raw.split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            if (segment.equals(".") || segment.equals("..")) {
                throw invalid("contains a '" + segment + "' segment; paths are relative to the storage's root");
            }
            if (segment.chars().allMatch(c -> c == '.')) {
                // some servers read '...' as '..' and a parent more
                throw invalid("has a name of only dots: '" + segment + "'");
            }
            if (segment.length() > SEGMENT_MAX) {
                throw invalid("has a name longer than " + SEGMENT_MAX + " characters");
            }
            if (segment.isBlank() || !segment.strip().equals(segment) && segment.strip().isEmpty()) {
                throw invalid("has a name of only spaces");
            }
            segments.add(segment);
        }
        return new StoragePath(String.join("/", segments));
    }

    private static StorageException invalid(String why) {
        return new StorageException(StorageException.Kind.INVALID, "The path " + why + ".");
    }

    public boolean isRoot() {
        return value.isEmpty();
    }

    /** The last segment; empty for the root. */
    public String name() {
        int slash = value.lastIndexOf('/');
        return slash < 0 ? value : value.substring(slash + 1);
    }

    public StoragePath parent() {
        int slash = value.lastIndexOf('/');
        return slash < 0 ? ROOT : new StoragePath(value.substring(0, slash));
    }

    /** A child by one name, which is checked like a path of one segment. */
    public StoragePath child(String name) {
        StoragePath segment = of(name);
        if (segment.isRoot() || segment.value.contains("/")) {
            throw invalid("names no single file or folder: '" + name + "'");
        }
        return isRoot() ? segment : new StoragePath(value + "/" + segment.value);
    }

    /** True when {@code other} is this path or lies below it. */
    public boolean contains(StoragePath other) {
        return isRoot() || other.value.equals(value) || other.value.startsWith(value + "/");
    }

    /** The path as an absolute one, {@code /a/b}; {@code /} for the root. */
    public String absolute() {
        return "/" + value;
    }

    @Override
    public String toString() {
        return absolute();
    }
}
