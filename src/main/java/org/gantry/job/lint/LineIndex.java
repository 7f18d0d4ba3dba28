package org.gantry.job.lint;

import java.util.Arrays;
import org.yaml.snakeyaml.error.Mark;

/**
 * Offsets in the document string versus SnakeYAML's marks (0-based line, column in code
 * points) and editors' positions (1-based line, UTF-16 column). Lines break where SnakeYAML
 * breaks them: LF, NEL, LS, PS, and a CR not followed by LF.
 */
final class LineIndex {

    private final String text;
    private final int[] lineStarts;
    private final boolean hasSurrogates;

    LineIndex(String text) {
        this.text = text;
        int[] starts = new int[64];
        int count = 1;
        boolean surrogates = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\u0085' || c == '\u2028' || c == '\u2029'
                    || (c == '\r' && (i + 1 == text.length() || text.charAt(i + 1) != '\n'))) {
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
    }

    String text() {
        return text;
    }

    int offset(Mark mark) {
        int line = mark.getLine();
        if (line >= lineStarts.length) {
            return text.length();
        }
        int start = lineStarts[Math.max(0, line)];
        if (line == 0 && !text.isEmpty() && text.charAt(0) == '\uFEFF') {
            start++;
        }
        if (!hasSurrogates) {
            return Math.min(text.length(), start + mark.getColumn());
        }
        int offset = start;
        for (int n = 0; n < mark.getColumn() && offset < text.length(); n++) {
            offset += Character.charCount(text.codePointAt(offset));
        }
        return offset;
    }

    /** 1-based line of an offset. */
    int line(int offset) {
        int index = Arrays.binarySearch(lineStarts, Math.max(0, Math.min(offset, text.length())));
        return (index >= 0 ? index : -index - 2) + 1;
    }

    /** 1-based UTF-16 column of an offset. */
    int column(int offset) {
        int clamped = Math.max(0, Math.min(offset, text.length()));
        return clamped - lineStarts[line(clamped) - 1] + 1;
    }

    /** Offset of a 1-based line's first character (the text's end past the last line). */
    int lineStart(int line) {
        return line - 1 < lineStarts.length ? lineStarts[Math.max(0, line - 1)] : text.length();
    }

    /** Offset of the end of the line holding {@code offset}, before its line break. */
    int endOfLine(int offset) {
        int line = line(offset);
        int end = line < lineStarts.length ? lineStarts[line] : text.length();
        while (end > offset && isBreak(text.charAt(end - 1))) {
            end--;
        }
        return end;
    }

    static boolean isBreak(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }
}
