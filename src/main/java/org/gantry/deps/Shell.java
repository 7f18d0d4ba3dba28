package org.gantry.deps;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Bash quoting for the values the renderer writes into a script. */
final class Shell {

    private static final Pattern VARIABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Shell() {
    }

    /**
     * Single-quotes a value so bash reads it back byte for byte: nothing inside single quotes
     * is expanded, and a single quote itself is written as {@code '\''}. Newlines stay literal.
     */
    static String quote(String value) {
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("a shell value cannot contain a NUL character");
        }
        return "'" + value.replace("'", "'\\''") + "'";
    }

    static String quoteAll(List<String> values) {
        return values.stream().map(Shell::quote).collect(Collectors.joining(" "));
    }

    /** A path that may start with {@code ~/}, which is expanded to the user's home at run time. */
    static String quotePath(String path) {
        if (path.startsWith("~/")) {
            return "\"$HOME\"/" + quote(path.substring(2));
        }
        return quote(path);
    }

    static String export(String name, String value) {
        if (!VARIABLE_NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("not a valid environment variable name: '" + name + "'");
        }
        return "export " + name + "=" + quote(value);
    }
}
