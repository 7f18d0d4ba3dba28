package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Types into an interactive bash at the other end of some SSH path and times what comes back:
 * the echo of single keystrokes, and a flood's throughput and how long Ctrl-C takes to end it.
 * The shell's prompt is set to {@link #PROMPT} first so its return can be recognised.
 */
final class EchoProbe implements AutoCloseable {

    static final String PROMPT = "@P@ ";
    private static final byte CTRL_C = 0x03;
    private static final int LINE_MAX = 48;

    private static final java.util.concurrent.ScheduledExecutorService WATCHDOG =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(runnable -> {
                Thread thread = new Thread(runnable, "echo-probe-watchdog");
                thread.setDaemon(true);
                return thread;
            });

    private final String name;
    private final InputStream output;
    private final OutputStream input;
    private final AutoCloseable connection;
    private final byte[] buffer = new byte[256 * 1024];
    private final StringBuilder recent = new StringBuilder();
    private int typedOnLine;

    EchoProbe(String name, InputStream output, OutputStream input, AutoCloseable connection) {
        this.name = name;
        this.output = output;
        this.input = input;
        this.connection = connection;
    }

    String name() {
        return name;
    }

    /** Waits for the shell, then gives it a prompt that is easy to spot and no bracketed paste. */
    void prepare() throws IOException {
        type("stty -ixon; bind 'set enable-bracketed-paste off' 2>/dev/null; PS1='@P''@ '; PROMPT_COMMAND=\r");
        awaitText(PROMPT);
        awaitQuiet();
    }

    /** Echo round trips of {@code keys} single lowercase keystrokes, in nanoseconds. */
    List<Long> keystrokes(int keys) throws IOException {
        List<Long> nanos = new ArrayList<>(keys);
        for (int i = 0; i < keys; i++) {
            byte key = (byte) ('a' + i % 26);
            long start = System.nanoTime();
            input.write(key);
            input.flush();
            awaitByte(key);
            nanos.add(System.nanoTime() - start);
            if (++typedOnLine == LINE_MAX) {
                newLine();
            }
        }
        return nanos;
    }

    /** Runs {@code yes} for {@code seconds}, then Ctrl-C: throughput and the time until the prompt is back. */
    Flood flood(double seconds) throws IOException {
        if (typedOnLine > 0) {
            newLine();
        }
        type("yes\r");
        awaitText("y\r\ny\r\n");
        long start = System.nanoTime();
        long bytes = 0;
        long end = start + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            int n = output.read(buffer);
            if (n < 0) {
                throw new IOException(name + " ended during the flood");
            }
            bytes += n;
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        long interrupt = System.nanoTime();
        input.write(CTRL_C);
        input.flush();
        long after = awaitText(PROMPT);
        long stopNanos = System.nanoTime() - interrupt;
        awaitQuiet();
        return new Flood(bytes / elapsed / 1e6, stopNanos / 1e6, after);
    }

    /** Abandons the typed line for a fresh prompt: readline redraws long lines, which is not what is measured. */
    private void newLine() throws IOException {
        input.write(CTRL_C);
        input.flush();
        awaitText(PROMPT);
        awaitQuiet();
        typedOnLine = 0;
    }

    private void type(String text) throws IOException {
        input.write(text.getBytes(StandardCharsets.UTF_8));
        input.flush();
    }

    private void awaitByte(byte wanted) throws IOException {
        while (true) {
            int n = output.read(buffer);
            if (n < 0) {
                throw new IOException(name + " ended");
            }
            for (int i = 0; i < n; i++) {
                if (buffer[i] == wanted) {
                    return;
                }
            }
        }
    }

    /** Reads until {@code text} shows up; returns how many bytes that took. Gives up after 30 s. */
    private long awaitText(String text) throws IOException {
        var watchdog = WATCHDOG.schedule(() -> {
            System.err.println(name + ": no `" + text + "` within 30 s; the last output was: " + recent);
            closeQuietly();
        }, 30, java.util.concurrent.TimeUnit.SECONDS);
        try {
            return readUntil(text);
        } finally {
            watchdog.cancel(false);
        }
    }

    private long readUntil(String text) throws IOException {
        recent.setLength(0);
        long bytes = 0;
        while (true) {
            int n = output.read(buffer);
            if (n < 0) {
                throw new IOException(name + " ended before `" + text + "`: " + recent);
            }
            bytes += n;
            recent.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
            if (recent.indexOf(text) >= 0) {
                return bytes;
            }
            if (recent.length() > 4 * text.length() + 65536) {
                recent.delete(0, recent.length() - text.length());
            }
        }
    }

    /** Drains output until nothing has come for 200 ms. */
    private void awaitQuiet() throws IOException {
        long quietSince = System.nanoTime();
        while (System.nanoTime() - quietSince < 200_000_000L) {
            if (output.available() > 0) {
                output.read(buffer);
                quietSince = System.nanoTime();
            } else {
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    @Override
    public void close() throws Exception {
        connection.close();
    }

    private void closeQuietly() {
        try {
            connection.close();
        } catch (Exception e) {
            // Already gone.
        }
    }

    /**
     * @param megabytesPerSecond output received while {@code yes} ran
     * @param stopMillis from sending Ctrl-C to seeing the prompt again
     * @param bytesAfterStop output that still arrived after Ctrl-C was sent
     */
    record Flood(double megabytesPerSecond, double stopMillis, long bytesAfterStop) {
    }
}
