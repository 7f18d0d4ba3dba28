package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.job.protocol.TemplateReference.Kind;

/** Finds {@code <% ... %>} in a string and tells what each one asks for. */
final class TemplateSyntax {

    static final String OPEN = "<%";
    static final String CLOSE = "%>";
    private static final Pattern PREREQUISITE = Pattern.compile(
            "\\$(data|script|output)\\.([A-Za-z]+)(?:\\[(\\d{1,6})]|\\.(\\d{1,6}))?");
    private static final Pattern EXPRESSION_KEY = Pattern.compile("[A-Za-z0-9_-]{1,"
            + ProtocolLimits.MAX_EXPRESSION_KEY_LENGTH + "}");

    /**
     * One occurrence: {@code start} and {@code end} delimit {@code <% ... %>} in the scanned
     * string; {@code end} is -1 when the {@code %>} is missing.
     */
    record Match(int start, int end, String content) {
        boolean closed() {
            return end >= 0;
        }
    }

    /** What a reference asks for; {@code index} is set for {@code uri[n]}. */
    record Parsed(Kind kind, String key, String field, Optional<Integer> index) {
    }

    private TemplateSyntax() {
    }

    static List<Match> scan(String text) {
        List<Match> matches = new ArrayList<>();
        int from = 0;
        while (true) {
            int open = text.indexOf(OPEN, from);
            if (open < 0) {
                return matches;
            }
            int close = text.indexOf(CLOSE, open + OPEN.length());
            if (close < 0) {
                matches.add(new Match(open, -1, text.substring(open + OPEN.length()).strip()));
                return matches;
            }
            matches.add(new Match(open, close + CLOSE.length(), text.substring(open + OPEN.length(), close).strip()));
            from = close + CLOSE.length();
        }
    }

    static Parsed parse(String content) {
        if (content.startsWith("$parameters.") && content.length() > "$parameters.".length()) {
            return new Parsed(Kind.PARAMETER, content.substring("$parameters.".length()), "", Optional.empty());
        }
        if (content.startsWith("$secrets.") && content.length() > "$secrets.".length()) {
            return new Parsed(Kind.SECRET, content.substring("$secrets.".length()), "", Optional.empty());
        }
        if (content.startsWith("expression.")) {
            String key = content.substring("expression.".length());
            return EXPRESSION_KEY.matcher(key).matches()
                    ? new Parsed(Kind.EXPRESSION, key, "", Optional.empty())
                    : new Parsed(Kind.INVALID, key, "", Optional.empty());
        }
        Matcher prerequisite = PREREQUISITE.matcher(content);
        if (prerequisite.matches()) {
            Kind kind = Kind.valueOf(prerequisite.group(1).toUpperCase(Locale.ROOT));
            String index = prerequisite.group(3) != null ? prerequisite.group(3) : prerequisite.group(4);
            String key = content.substring(prerequisite.start(2));
            return new Parsed(kind, key, prerequisite.group(2), Optional.ofNullable(index).map(Integer::valueOf));
        }
        return new Parsed(Kind.INVALID, content, "", Optional.empty());
    }
}
