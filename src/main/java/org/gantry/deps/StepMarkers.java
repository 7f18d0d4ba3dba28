package org.gantry.deps;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The frame lines a task script prints on stdout around each step ({@code ::gantry step pip start},
 * {@code ::gantry step pip end exit=0 ms=3200}; see {@link TaskScriptRenderer}), for readers that
 * show the task's own output without them.
 */
public final class StepMarkers {

    /** How every frame line starts. */
    public static final String PREFIX = "::gantry step ";

    /**
     * A frame line at the end of a line: printf writes it at the start of a line unless the step's
     * last output had no final newline, and then it follows that output on the same line.
     */
    private static final Pattern AT_END = Pattern.compile(
            Pattern.quote(PREFIX) + "[A-Za-z]+ (?:start|end exit=-?\\d+ ms=-?\\d+)\r?$");

    private StepMarkers() {
    }

    /** The line (without its newline) with a frame line at its end removed; the line itself when it has none. */
    public static String strip(String line) {
        if (!line.contains(PREFIX)) {
            return line;
        }
        Matcher m = AT_END.matcher(line);
        return m.find() ? line.substring(0, m.start()) : line;
    }
}
