package org.gantry.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * A progress bar on standard error for one file's transfer, redrawn at most five times a
 * second, and only on a terminal (a script's log gets the summary line alone).
 */
final class TransferProgress implements LongConsumer {

    private static final long REDRAW_NANOS = 200_000_000L;

    private final String label;
    private final long total;
    private final PrintStream err;
    private final boolean terminal;
    private final long started = System.nanoTime();
    private long lastDrawn;

    TransferProgress(String label, long total) {
        this.label = label;
        this.total = total;
        this.err = System.err;
        this.terminal = System.console() != null;
    }

    @Override
    public void accept(long done) {
        if (!terminal) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastDrawn < REDRAW_NANOS && done < total) {
            return;
        }
        lastDrawn = now;
        int percent = total <= 0 ? 100 : (int) (done * 100 / total);
        int filled = percent * 30 / 100;
        double seconds = Math.max(1e-3, (now - started) / 1e9);
        err.printf(Locale.ROOT, "\r%-30s [%-30s] %3d%% %s %s/s ", shorten(label), "#".repeat(filled), percent,
                bytes(done), bytes((long) (done / seconds)));
        err.flush();
    }

    /** Ends the bar's line. */
    void finish() {
        if (terminal) {
            err.println();
        }
    }

    static String bytes(long count) {
        if (count < 1024) {
            return count + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = count;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private static String shorten(String text) {
        return text.length() <= 30 ? text : "…" + text.substring(text.length() - 29);
    }
}
