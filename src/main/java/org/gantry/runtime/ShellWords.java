package org.gantry.runtime;

import java.util.List;
import java.util.stream.Collectors;

/** Quoting for the bash text that executors write and run. */
public final class ShellWords {

    private ShellWords() {
    }

    /** One literal bash word: single-quoted, with embedded quotes spliced in. */
    public static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    /** A command line of literal words. */
    public static String join(List<String> words) {
        return words.stream().map(ShellWords::quote).collect(Collectors.joining(" "));
    }
}
