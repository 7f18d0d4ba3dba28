package org.gantry.diagnostics;

import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Queue;

/**
 * Finds which of many keywords occur in a line in one pass over its bytes (Aho–Corasick with a
 * dense transition table), ignoring ASCII case. Keywords are matched as UTF-8 bytes. Immutable
 * and safe to share between threads.
 */
final class KeywordIndex {

    /** A state reached at the end of a keyword carries this bit in {@link #next}. */
    private static final int OUTPUT = 1 << 30;

    /** byte -> its class: bytes no keyword has share class 0, an ASCII letter shares its case twin's. */
    private final int[] classes = new int[256];
    private final int width;
    /**
     * row + class -> the next state's row (state * width), with OUTPUT when owners end there. Rows
     * rather than state numbers: the byte loop's chain of dependent loads has no multiplication.
     */
    private final int[] next;
    private final int[][] outputs;     // state -> owners (pattern indices) of keywords ending there
    private final int owners;

    /** @param keywords per owner (index), its keywords */
    KeywordIndex(List<List<String>> keywords) {
        this.owners = keywords.size();
        List<int[]> goTo = new ArrayList<>();
        List<BitSet> out = new ArrayList<>();
        goTo.add(newRow());
        out.add(new BitSet());
        for (int owner = 0; owner < keywords.size(); owner++) {
            for (String keyword : keywords.get(owner)) {
                int state = 0;
                for (byte b : keyword.toLowerCase(java.util.Locale.ROOT).getBytes(StandardCharsets.UTF_8)) {
                    int c = b & 0xff;
                    if (goTo.get(state)[c] < 0) {
                        goTo.add(newRow());
                        out.add(new BitSet());
                        goTo.get(state)[c] = goTo.size() - 1;
                    }
                    state = goTo.get(state)[c];
                }
                out.get(state).set(owner);
            }
        }
        int states = goTo.size();
        int[] fail = new int[states];
        int[] full = new int[states * 256];
        Queue<Integer> queue = new ArrayDeque<>();
        for (int c = 0; c < 256; c++) {
            int s = goTo.get(0)[c];
            full[c] = Math.max(s, 0);
            if (s > 0) {
                fail[s] = 0;
                queue.add(s);
            }
        }
        while (!queue.isEmpty()) {
            int r = queue.poll();
            out.get(r).or(out.get(fail[r]));
            for (int c = 0; c < 256; c++) {
                int s = goTo.get(r)[c];
                if (s > 0) {
                    fail[s] = full[fail[r] * 256 + c];
                    full[r * 256 + c] = s;
                    queue.add(s);
                } else {
                    full[r * 256 + c] = full[fail[r] * 256 + c];
                }
            }
        }
        outputs = new int[states][];
        for (int s = 0; s < states; s++) {
            outputs[s] = out.get(s).isEmpty() ? null : out.get(s).stream().toArray();
        }
        // Compress the alphabet: the automaton only tells apart the bytes its keywords use.
        int[] classOf = new int[256];
        int count = 1;
        for (int c = 0; c < 256; c++) {
            if (c >= 'A' && c <= 'Z') {
                continue;
            }
            boolean used = false;
            for (int s = 0; s < states && !used; s++) {
                used = full[s * 256 + c] != 0;
            }
            classOf[c] = used ? count++ : 0;
        }
        for (int c = 'A'; c <= 'Z'; c++) {
            classOf[c] = classOf[c + ('a' - 'A')];  // upper-case ASCII letters move as their lower-case twins
        }
        System.arraycopy(classOf, 0, classes, 0, 256);
        width = count;
        if ((long) states * width >= OUTPUT) {
            throw new IllegalArgumentException("Too many keywords for one index: " + states + " states");
        }
        next = new int[states * width];
        for (int s = 0; s < states; s++) {
            for (int c = 0; c < 256; c++) {
                if (c >= 'A' && c <= 'Z') {
                    continue;  // their class is their lower-case twin's
                }
                int target = full[s * 256 + c];
                next[s * width + classOf[c]] = target * width | (outputs[target] == null ? 0 : OUTPUT);
            }
        }
    }

    private static int[] newRow() {
        int[] row = new int[256];
        Arrays.fill(row, -1);
        return row;
    }

    int owners() {
        return owners;
    }

    /** Where the automaton stands inside a line that is read in pieces; one per scan, not shared. */
    static final class Cursor {
        private int row;
        private boolean any;

        /** Whether a keyword occurred in the line so far. */
        boolean any() {
            return any;
        }

        /** A new line starts. */
        void reset() {
            row = 0;
            any = false;
        }
    }

    /**
     * Runs the automaton over {@code data[from, to)} until a line ends, marking in {@code hits}
     * the owners whose keywords occur; the line's text may go on in a later call.
     *
     * @return the index of the {@code '\n'} that ends the line, or {@code to} when none does
     */
    int feed(byte[] data, int from, int to, Cursor cursor, BitSet hits) {
        int row = cursor.row;
        int[] table = next;
        int[] cls = classes;
        for (int i = from; i < to; i++) {
            byte b = data[i];
            if (b == '\n') {
                cursor.row = row;
                return i;
            }
            row = table[row + cls[b & 0xff]];
            if ((row & OUTPUT) != 0) {
                row &= ~OUTPUT;
                for (int owner : outputs[row / width]) {
                    hits.set(owner);
                }
                cursor.any = true;
            }
        }
        cursor.row = row;
        return to;
    }
}
