package org.gantry.job.protocol;

import java.util.Optional;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;

/** Writes values back into YAML text so that they read back exactly as given. */
public final class YamlQuoting {

    private YamlQuoting() {
    }

    /** A double-quoted YAML scalar holding {@code value}, which can hold any text. */
    public static String doubleQuoted(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            out.append(escape(value.charAt(i)));
        }
        return out.append('"').toString();
    }

    private static String escape(char c) {
        return switch (c) {
            case '\\' -> "\\\\";
            case '"' -> "\\\"";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            case '\r' -> "\\r";
            default -> c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029' || c == '\ufeff'
                    || Character.isSurrogate(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c);
        };
    }

    /**
     * {@code value} as it may be written inside a scalar of the given style in place of a
     * template, or empty when that style cannot hold it there (the whole scalar is then
     * rewritten double-quoted). Conservative: a wrong answer here is caught by reading the
     * result back.
     */
    static Optional<String> inPlace(String value, ScalarStyle style) {
        if (value.isEmpty() || value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0) {
            return Optional.empty();
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || Character.isSurrogate(c) || c == '\u2028' || c == '\u2029'
                    || c == '\u0085' || c == '\ufeff') {
                return Optional.empty();
            }
        }
        return switch (style) {
            case DOUBLE_QUOTED -> Optional.of(doubleQuoted(value).substring(1, doubleQuoted(value).length() - 1));
            case SINGLE_QUOTED -> Optional.of(value.replace("'", "''"));
            case LITERAL, FOLDED -> Character.isWhitespace(value.charAt(0)) ? Optional.empty() : Optional.of(value);
            default -> plainSafe(value) ? Optional.of(value) : Optional.empty();
        };
    }

    /**
     * Whether a plain scalar can hold {@code value} somewhere inside it. Indicators that only
     * matter at a scalar's start ({@code *}, {@code &}, {@code !} ...) are left to the
     * read-back check, which knows where the value landed.
     */
    private static boolean plainSafe(String value) {
        return !Character.isWhitespace(value.charAt(0)) && !Character.isWhitespace(value.charAt(value.length() - 1))
                && !value.contains(": ") && !value.contains(" #") && !value.endsWith(":")
                && value.chars().noneMatch(c -> ",[]{}".indexOf(c) >= 0);
    }
}
