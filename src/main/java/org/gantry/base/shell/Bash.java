package org.gantry.base.shell;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Quoting for the bash text Gantry writes into scripts and sends to remote shells. */
public final class Bash {

    private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9._/+-]+");

    private Bash() {
    }

    /**
     * One literal bash word that bash reads back byte for byte: nothing inside single quotes is
     * expanded, and a single quote itself is written as {@code '\''}. Newlines stay literal.
     *
     * @throws IllegalArgumentException if {@code value} holds a NUL character, which no bash word can
     */
    public static String quote(String value) {
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a shell value cannot contain a NUL character");
        }
        return "'" + value.replace("'", "'\\''") + "'";
    }

    /** {@code value} as it is when it needs no quotes (letters, digits, {@code ._/+-}), else {@link #quote}d. */
    public static String quoteIfNeeded(String value) {
        return PLAIN_WORD.matcher(value).matches() ? value : quote(value);
    }

    /** A command line of literal words, each {@link #quote}d. */
    public static String join(List<String> words) {
        return words.stream().map(Bash::quote).collect(Collectors.joining(" "));
    }

    /** A path that may start with {@code ~/}, which is expanded to the user's home at run time. */
    public static String quotePath(String path) {
        if (path.startsWith("~/")) {
            return "\"$HOME\"/" + quote(path.substring(2));
        }
        return quote(path);
    }

    /** An {@code export NAME='value'} line. */
    public static String export(String name, String value) {
        if (!VARIABLE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a valid environment variable name: '" + name + "'");
        }
        return "export " + name + "=" + quote(value);
    }
}
