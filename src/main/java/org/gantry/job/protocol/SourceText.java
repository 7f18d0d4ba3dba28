package org.gantry.job.protocol;

import java.util.Arrays;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Maps SnakeYAML's positions (0-based line, column in code points) to offsets in the Java
 * string and to the 1-based, UTF-16 columns editors use.
 *
 * <p>Lines break where SnakeYAML breaks them: at LF, NEL, LS, PS, and at a CR not followed
 * by LF; a byte order mark does not count as a column. The linter maps its findings with it too.
 */
public final class SourceText {

    private final String text;
    private final int[] lineStarts;
    private final boolean hasSurrogates;
    private final boolean startsWithBom;

    public SourceText(String text) {
        this.text = text;
        int[] starts = new int[16];
        int count = 1;
        boolean surrogates = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean lineBreak = c == '\n' || c == '\u0085' || c == '\u2028' || c == '\u2029'
                    || (c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'));
            if (lineBreak) {
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                }
                starts[count++] = i + 1;
            } else if (Character.isSurrogate(c)) {
                surrogates = true;
            }
        }
        this.lineStarts = Arrays.copyOf(starts, count);
        this.hasSurrogates = surrogates;
        this.startsWithBom = !text.isEmpty() && text.charAt(0) == '\uFEFF';
    }

    public String text() {
        return text;
    }

    /** Offset in the string of a SnakeYAML mark. */
    public int offset(Mark mark) {
        return offset(mark.getLine(), mark.getColumn());
    }

    int offset(int line, int codePointColumn) {
        if (line >= lineStarts.length) {
            return text.length();
        }
        int start = lineStarts[Math.max(0, line)];
        if (line == 0 && startsWithBom) {
            start++;
        }
        if (!hasSurrogates) {
            return Math.min(text.length(), start + codePointColumn);
        }
        int offset = start;
        for (int n = 0; n < codePointColumn && offset < text.length(); n++) {
            offset += Character.charCount(text.codePointAt(offset));
        }
        return offset;
    }

    /** Offset of the code point with the given index from the start of the text. */
    int offsetOfCodePoint(int codePointIndex) {
        if (!hasSurrogates) {
            return Math.min(text.length(), Math.max(0, codePointIndex));
        }
        int offset = 0;
        for (int n = 0; n < codePointIndex && offset < text.length(); n++) {
            offset += Character.charCount(text.codePointAt(offset));
        }
        return offset;
    }

    /** Offset just past a node's text, without the line breaks a block scalar's range ends with. */
    int end(Node node) {
        int start = offset(node.getStartMark());
        int end = offset(node.getEndMark());
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    /** 1-based line of an offset (clamped to the text). */
    public int line(int offset) {
        int index = Arrays.binarySearch(lineStarts, clamp(offset));
        return (index >= 0 ? index : -index - 2) + 1;
    }

    /** 1-based UTF-16 column of an offset (clamped to the text). */
    public int column(int offset) {
        int clamped = clamp(offset);
        return clamped - lineStarts[line(clamped) - 1] + 1;
    }

    /** Offset of a 1-based line's first character (the text's end past the last line). */
    public int lineStart(int line) {
        return line - 1 < lineStarts.length ? lineStarts[Math.max(0, line - 1)] : text.length();
    }

    private int clamp(int offset) {
        return Math.max(0, Math.min(offset, text.length()));
    }

    /** Offset of the end of the line holding {@code offset}, before its line break. */
    public int endOfLine(int offset) {
        int line = line(offset);
        int end = line < lineStarts.length ? lineStarts[line] : text.length();
        while (end > offset && isBreak(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    public static boolean isBreak(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }
}
