package org.gantry.job.ui;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.gantry.deps.StepMarkers;

/**
 * Drops the task script's step frame lines ({@code ::gantry step … start|end …}) from a stdout
 * log read piece by piece. A line is only judged once it is complete, so a frame line split
 * between two reads is still recognised: the end of an unfinished line is held back while it
 * could be the start of a frame line, the rest of it is passed on at once. Held-back bytes also
 * keep a UTF-8 character split between two reads whole. One instance per reader, not thread-safe.
 */
final class StepMarkerFilter {

    private static final byte[] MARK = StepMarkers.PREFIX.getBytes(StandardCharsets.US_ASCII);

    private byte[] held = new byte[0];
    /** Part of the current line was passed on already. */
    private boolean midLine;
    /** The log was read from inside a line: drop everything up to the first newline. */
    private boolean skipFragment;

    /** @param startsInsideLog whether the first piece starts after the log's first byte (a tail) */
    StepMarkerFilter(boolean startsInsideLog) {
        this.skipFragment = startsInsideLog;
    }

    /**
     * The next piece of the log without frame lines.
     *
     * @param end whether nothing follows: everything held back is passed on
     */
    String next(byte[] data, boolean end) {
        byte[] all = concat(held, data);
        int from = 0;
        if (skipFragment) {
            int newline = indexOf(all, (byte) '\n', 0, all.length);
            if (newline < 0) {
                held = new byte[0];
                return "";
            }
            skipFragment = false;
            from = newline + 1;
        }
        int complete = end ? all.length : lastIndexOf(all, (byte) '\n', from) + 1;
        complete = Math.max(complete, from);
        StringBuilder out = new StringBuilder();
        while (from < complete) {
            int newline = indexOf(all, (byte) '\n', from, complete);
            int lineEnd = newline < 0 ? complete : newline;
            String line = new String(all, from, lineEnd - from, StandardCharsets.UTF_8);
            String kept = StepMarkers.strip(line);
            if (kept.isEmpty() && !line.isEmpty()) {
                if (midLine && newline >= 0) {
                    out.append('\n');  // ends the line whose start was passed on before
                }
            } else {
                out.append(kept);
                if (newline >= 0) {
                    out.append('\n');
                }
            }
            midLine = false;
            from = newline < 0 ? complete : newline + 1;
        }
        int holdFrom = end ? all.length : holdFrom(all, complete);
        if (holdFrom > complete) {
            out.append(new String(all, complete, holdFrom - complete, StandardCharsets.UTF_8));
            midLine = true;
        }
        held = Arrays.copyOfRange(all, holdFrom, all.length);
        return out.toString();
    }

    /** Where the part of an unfinished line starts that may not be passed on yet. */
    private static int holdFrom(byte[] all, int lineStart) {
        for (int i = lineStart; i < all.length; i++) {
            int n = Math.min(MARK.length, all.length - i);
            if (Arrays.equals(all, i, i + n, MARK, 0, n)) {
                return i;  // a frame line, or what may become one
            }
        }
        return incompleteCharacterStart(all, lineStart);
    }

    /** Where a UTF-8 character cut by the end of the read starts, else the end. */
    private static int incompleteCharacterStart(byte[] all, int lineStart) {
        for (int i = all.length - 1; i >= Math.max(lineStart, all.length - 3); i--) {
            int b = all[i] & 0xff;
            if (b < 0x80) {
                return all.length;
            }
            if (b >= 0xc0) {
                int length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
                return all.length - i < length ? i : all.length;
            }
        }
        return all.length;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        if (a.length == 0) {
            return b;
        }
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static int indexOf(byte[] bytes, byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private static int lastIndexOf(byte[] bytes, byte b, int from) {
        for (int i = bytes.length - 1; i >= from; i--) {
            if (bytes[i] == b) {
                return i;
            }
        }
        return -1;
    }
}
