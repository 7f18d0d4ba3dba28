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

    /** A single-quoted YAML scalar holding {@code value}, which must be one line. */
    public static String singleQuoted(String value) {
        return "'" + insideSingleQuotes(value) + "'";
    }

    private static String insideSingleQuotes(String value) {
        return value.replace("'", "''");
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
            case SINGLE_QUOTED -> Optional.of(insideSingleQuotes(value));
            case LITERAL, FOLDED -> Character.isWhitespace(value.charAt(0)) ? Optional.empty() : Optional.of(value);
            default -> plainSafe(value) ? Optional.of(value) : Optional.empty();
        };
    }

    /**
     * {@code text} as it is written in the middle of a line of a scalar of the given style (a
     * lint fix replacing part of a command), or empty when a plain scalar cannot hold it. Unlike
     * {@link #inPlace} it leaves the text's edges and flow indicators alone: the scalar around
     * it keeps its start and end, and block scalars are not in a flow.
     */
    public static Optional<String> withinLine(String text, ScalarStyle style) {
        return switch (style) {
            case DOUBLE_QUOTED -> Optional.of(text.replace("\\", "\\\\").replace("\"", "\\\""));
            case SINGLE_QUOTED -> Optional.of(insideSingleQuotes(text));
            case PLAIN -> endsPlain(text) ? Optional.empty() : Optional.of(text);
            default -> Optional.of(text);
        };
    }

    /** Whether {@code text} inside a plain scalar would end it or turn it into a mapping. */
    private static boolean endsPlain(String text) {
        return text.contains(": ") || text.contains(" #") || text.endsWith(":");
    }

    /**
     * Whether a plain scalar can hold {@code value} somewhere inside it. Indicators that only
     * matter at a scalar's start ({@code *}, {@code &}, {@code !} ...) are left to the
     * read-back check, which knows where the value landed.
     */
    private static boolean plainSafe(String value) {
        return !Character.isWhitespace(value.charAt(0)) && !Character.isWhitespace(value.charAt(value.length() - 1))
                && !endsPlain(value)
                && value.chars().noneMatch(c -> ",[]{}".indexOf(c) >= 0);
    }
}
