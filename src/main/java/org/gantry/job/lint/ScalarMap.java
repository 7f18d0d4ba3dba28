package org.gantry.job.lint;

import org.gantry.job.protocol.SourceText;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Where each character of a scalar's value was written in the document, for every scalar
 * style: plain and quoted (folded lines, {@code ''} and backslash escapes) and block
 * scalars (the block's indentation is not part of the value).
 *
 * <p>The walk matches the value against the written text; where they cannot match (a
 * character that only an escape produced), the character maps to where the walk stands, so
 * a position is never off by more than that escape.
 */
final class ScalarMap {

    private ScalarMap() {
    }

    /** Offsets into the document, one per value character and one more for the value's end. */
    static int[] of(ScalarNode node, SourceText index) {
        String value = node.getValue();
        String text = index.text();
        int start = index.offset(node.getStartMark());
        int end = Math.max(start, index.offset(node.getEndMark()));
        int[] map = new int[value.length() + 1];
        ScalarStyle style = node.getScalarStyle();
        if (style == ScalarStyle.PLAIN) {
            walk(value, text, start, end, 0, false, map);
        } else if (style == ScalarStyle.SINGLE_QUOTED) {
            walk(value, text, start + 1, end, 0, false, map);
        } else if (style == ScalarStyle.DOUBLE_QUOTED) {
            walk(value, text, start + 1, end, 0, true, map);
        } else {
            int body = bodyStart(text, start, end);
            walk(value, text, body, end, blockIndent(text, body, end), false, map);
        }
        return map;
    }

    private static void walk(String value, String text, int from, int end, int blockIndent, boolean escapes,
                             int[] map) {
        int p = from;
        if (blockIndent > 0) {
            p = skipIndent(text, p, end, blockIndent);
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (escapes && p < end && text.charAt(p) == '\\') {
                int length = escapeLength(text, p, end);
                if (length < 0) {
                    // an escaped line break joins lines and stands for no character
                    p = skipWhitespace(text, -length, end);
                    i--;
                    continue;
                }
                map[i] = p;
                p += length;
                continue;
            }
            if (c == '\'' && !escapes && p + 1 < end && text.charAt(p) == '\'' && text.charAt(p + 1) == '\'') {
                map[i] = p;
                p += 2;
                continue;
            }
            if (p < end && text.charAt(p) == c) {
                map[i] = p;
                p = next(text, p, end, blockIndent);
                continue;
            }
            if (c == ' ' || c == '\n') {
                // a folded line break: the value has one character where the text breaks a line
                map[i] = Math.min(p, end);
                if (p < end && SourceText.isBreak(text.charAt(p))) {
                    p = next(text, p, end, blockIndent);
                    if (blockIndent == 0) {
                        p = skipWhitespace(text, p, end);
                    }
                }
                continue;
            }
            int found = p;
            while (found < end && text.charAt(found) != c) {
                found++;
            }
            if (found < end) {
                p = found;
                map[i] = p;
                p = next(text, p, end, blockIndent);
            } else {
                map[i] = Math.min(p, end);
            }
        }
        map[value.length()] = value.isEmpty() ? from : Math.min(end, map[value.length() - 1] + 1);
    }

    /** The position after {@code p}; past a line break, also past a block's indentation. */
    private static int next(String text, int p, int end, int blockIndent) {
        char c = text.charAt(p);
        int after = p + 1;
        if (c == '\r' && after < end && text.charAt(after) == '\n') {
            return p + 1;
        }
        if (SourceText.isBreak(c) && blockIndent > 0) {
            return skipIndent(text, after, end, blockIndent);
        }
        return after;
    }

    private static int skipIndent(String text, int p, int end, int indent) {
        int n = 0;
        while (p < end && n < indent && text.charAt(p) == ' ') {
            p++;
            n++;
        }
        return p;
    }

    private static int skipWhitespace(String text, int p, int end) {
        while (p < end && (text.charAt(p) == ' ' || text.charAt(p) == '\t' || SourceText.isBreak(text.charAt(p)))) {
            p++;
        }
        return p;
    }

    /** Length of the escape at {@code p}; for an escaped line break, minus the offset after it. */
    private static int escapeLength(String text, int p, int end) {
        if (p + 1 >= end) {
            return 1;
        }
        char c = text.charAt(p + 1);
        if (SourceText.isBreak(c)) {
            int after = p + 2;
            if (c == '\r' && after < end && text.charAt(after) == '\n') {
                after++;
            }
            return -after;
        }
        return switch (c) {
            case 'x' -> 4;
            case 'u' -> 6;
            case 'U' -> 10;
            default -> 2;
        };
    }

    /** First offset of a block scalar's body: the line after its header. */
    private static int bodyStart(String text, int start, int end) {
        int p = start;
        while (p < end && !SourceText.isBreak(text.charAt(p))) {
            p++;
        }
        if (p < end && text.charAt(p) == '\r' && p + 1 < end && text.charAt(p + 1) == '\n') {
            p++;
        }
        return Math.min(end, p + 1);
    }

    /** A block's indentation: that of its first line with content. */
    private static int blockIndent(String text, int body, int end) {
        int p = body;
        while (p < end) {
            int indent = 0;
            while (p < end && text.charAt(p) == ' ') {
                p++;
                indent++;
            }
            if (p >= end || !SourceText.isBreak(text.charAt(p))) {
                return indent;
            }
            p++;
        }
        return 0;
    }
}
