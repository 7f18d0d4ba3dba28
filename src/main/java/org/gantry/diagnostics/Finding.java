package org.gantry.diagnostics;

import java.util.List;
import java.util.Optional;

/**
 * The pattern that matched a failure and what it matched.
 *
 * @param line   the matched line, when the pattern has a regex (cut to {@link #MAX_LINE} characters)
 * @param source the text the line came from ({@code stderr}, {@code step pip}, {@code platform})
 * @param groups the regex's groups that took part in the match, in order
 */
public record Finding(FailurePattern pattern, Optional<String> line, Optional<String> source, List<String> groups) {

    public static final int MAX_LINE = 500;
    public static final String UNKNOWN = "(unknown)";

    public Finding {
        groups = List.copyOf(groups);
    }

    /** {@code text} with {@code {1}}, {@code {2}} … replaced by the groups; a missing one by {@link #UNKNOWN}. */
    public String fill(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int close = text.indexOf('}', i);
            if (c == '{' && close > i + 1 && close <= i + 3 && text.substring(i + 1, close).chars()
                    .allMatch(Character::isDigit)) {
                int n = Integer.parseInt(text.substring(i + 1, close));
                out.append(n >= 1 && n <= groups.size() ? groups.get(n - 1) : UNKNOWN);
                i = close;
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    public String reason() {
        return fill(pattern.reason());
    }

    public String solution() {
        return fill(pattern.solution());
    }

    public Optional<String> fix() {
        return pattern.fix().map(this::fill).filter(f -> !f.contains(UNKNOWN));
    }
}
