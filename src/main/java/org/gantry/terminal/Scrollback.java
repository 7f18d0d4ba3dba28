package org.gantry.terminal;

/**
 * The last bytes a terminal showed, to repaint a browser that reconnects. A ring: when full,
 * the oldest output goes. Not thread-safe; {@link BrowserTerminal} guards it.
 */
final class Scrollback {

    private final byte[] ring;
    private long written;

    Scrollback(int capacity) {
        this.ring = new byte[capacity];
    }

    void append(byte[] data, int offset, int length) {
        if (length > ring.length) {
            // Only the tail fits: count the rest as written and dropped, then keep the tail.
            written += length - ring.length;
            offset += length - ring.length;
            length = ring.length;
        }
        int start = (int) (written % ring.length);
        int first = Math.min(length, ring.length - start);
        System.arraycopy(data, offset, ring, start, first);
        System.arraycopy(data, offset + first, ring, 0, length - first);
        written += length;
    }

    /**
     * What is kept, oldest first. Once output has been dropped the copy starts after the first
     * line break, so the replay doesn't begin inside a cut escape sequence or character.
     */
    byte[] snapshot() {
        if (written <= ring.length) {
            byte[] copy = new byte[(int) written];
            System.arraycopy(ring, 0, copy, 0, copy.length);
            return copy;
        }
        int start = (int) (written % ring.length);
        byte[] ordered = new byte[ring.length];
        System.arraycopy(ring, start, ordered, 0, ring.length - start);
        System.arraycopy(ring, 0, ordered, ring.length - start, start);
        int cut = 0;
        while (cut < ordered.length && ordered[cut] != '\n') {
            cut++;
        }
        int from = cut < ordered.length ? cut + 1 : 0;
        byte[] copy = new byte[ordered.length - from];
        System.arraycopy(ordered, from, copy, 0, copy.length);
        return copy;
    }

    long totalWritten() {
        return written;
    }
}
