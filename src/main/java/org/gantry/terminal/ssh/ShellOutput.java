package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A shell's output on its way to the SSH client, and Gantry's own messages on the same streams.
 *
 * <p>Output is copied with blocking writes: when the client's SSH window is full the pump
 * stops reading, the pty fills and the task's writes block. The server holds at most one
 * buffer per stream, and Ctrl-C, travelling the other way, is never queued behind output.
 *
 * <p>One thread pumps each stream; {@link #message} and the counters may be called from any thread.
 */
final class ShellOutput {

    private static final int BUFFER_SIZE = 32 * 1024;
    private static final long MESSAGE_WAIT_SECONDS = 2;
    private static final long LAST_OUTPUT_WAIT_MILLIS = 1000;
    private static final long LAST_OUTPUT_POLL_MILLIS = 50;

    private final OutputStream out;
    private final OutputStream err;
    private final boolean pty;
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicLong bytesFromShell = new AtomicLong();
    private final AtomicLong bytesToClient = new AtomicLong();
    private volatile long lastOutputNanos = System.nanoTime();

    /** @param pty whether the client has a terminal: messages then go to its screen, else to stderr */
    ShellOutput(OutputStream out, OutputStream err, boolean pty) {
        this.out = out;
        this.err = err;
        this.pty = pty;
    }

    /** When the shell last wrote something: a terminal showing output is not idle. */
    long lastOutputNanos() {
        return lastOutputNanos;
    }

    /** Copies the shell's output (with a pty, stderr too) to the client until the shell closes it. */
    void pumpOutput(InputStream from) {
        pump(from, out);
    }

    /** Copies the shell's standard error, when it has one of its own, until the shell closes it. */
    void pumpErrors(InputStream from) {
        pump(from, err);
    }

    private void pump(InputStream from, OutputStream to) {
        byte[] buffer = new byte[BUFFER_SIZE];
        try {
            int n;
            while ((n = from.read(buffer)) > 0) {
                bytesFromShell.addAndGet(n);
                lastOutputNanos = System.nanoTime();
                lock.lock();
                try {
                    to.write(buffer, 0, n);
                    to.flush();
                } finally {
                    lock.unlock();
                }
                bytesToClient.addAndGet(n);
            }
        } catch (IOException e) {
            // The shell or the channel went away; whoever ends the command sees to the rest.
        }
    }

    /**
     * Waits, briefly, until the pumps have passed on what the shell wrote last, so the exit
     * status doesn't overtake it.
     */
    void awaitLastOutput() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LAST_OUTPUT_WAIT_MILLIS);
        long seen = -1;
        while (System.nanoTime() < deadline && seen != bytesToClient.get()) {
            seen = bytesToClient.get();
            Thread.sleep(LAST_OUTPUT_POLL_MILLIS);
        }
    }

    /** Shows the user a line of Gantry's: on the terminal's screen, or on stderr without a pty. */
    void message(String text) {
        String line = pty ? "\r\n" + text.replace("\n", "\r\n") + "\r\n" : text + "\n";
        OutputStream target = pty ? out : err;
        try {
            // The pump holds the lock while the client's window is full; a client that reads
            // nothing more gets no message rather than a terminal that never closes.
            if (lock.tryLock(MESSAGE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                try {
                    target.write(line.getBytes(StandardCharsets.UTF_8));
                    target.flush();
                } finally {
                    lock.unlock();
                }
            }
        } catch (IOException e) {
            // The client is gone; nobody is left to read the message.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    long bytesFromShell() {
        return bytesFromShell.get();
    }

    long bytesToClient() {
        return bytesToClient.get();
    }
}
