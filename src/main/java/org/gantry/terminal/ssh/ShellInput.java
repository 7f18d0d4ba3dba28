package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.concurrent.Executor;
import org.apache.sshd.server.channel.ChannelDataReceiver;
import org.apache.sshd.server.channel.ChannelSession;
import org.gantry.terminal.TaskShell;

/**
 * What the client types, into the shell. A keystroke is written straight from MINA's I/O
 * thread, saving a thread hand-off on every echo; larger chunks (pastes), and anything while
 * earlier input is still queued, go through a writer thread so a shell that reads slowly never
 * blocks the I/O thread. Queued input keeps its SSH window until written, so a paste into a
 * shell that does not read stops the client rather than filling the server.
 */
final class ShellInput implements ChannelDataReceiver {

    /** Larger writes could block on a full tty input queue; they go to the writer thread. */
    private static final int DIRECT_MAX = 256;

    private final ChannelSession channel;
    private final Executor threads;
    private final boolean pty;
    private final Object lock = new Object();
    private final ArrayDeque<byte[]> backlog = new ArrayDeque<>();
    private TaskShell shell;
    private boolean writing;
    private boolean endOfInput;
    private boolean closed;
    private volatile long lastInputNanos = System.nanoTime();

    ShellInput(ChannelSession channel, Executor threads, boolean pty) {
        this.channel = channel;
        this.threads = threads;
        this.pty = pty;
    }

    @Override
    public int data(ChannelSession session, byte[] buffer, int offset, int length) throws IOException {
        lastInputNanos = System.nanoTime();
        synchronized (lock) {
            if (closed) {
                return length;
            }
            if (shell != null && !writing && backlog.isEmpty() && length <= DIRECT_MAX) {
                write(shell, buffer, offset, length);
                return length;
            }
            backlog.add(Arrays.copyOfRange(buffer, offset, offset + length));
            startWriter();
            return 0;
        }
    }

    /** The shell is running: typeahead queued so far goes to it, in order. */
    void started(TaskShell started) {
        synchronized (lock) {
            shell = started;
            startWriter();
        }
    }

    long lastInputNanos() {
        return lastInputNanos;
    }

    /** End of input from the client. */
    @Override
    public void close() {
        synchronized (lock) {
            endOfInput = true;
            startWriter();
        }
    }

    /** The command ended: drop whatever is still queued. */
    void discard() {
        synchronized (lock) {
            closed = true;
            backlog.clear();
        }
    }

    private void startWriter() {
        if (shell != null && !writing && !closed && (!backlog.isEmpty() || endOfInput)) {
            writing = true;
            threads.execute(this::drain);
        }
    }

    private void drain() {
        while (true) {
            byte[] chunk;
            TaskShell target;
            synchronized (lock) {
                chunk = closed ? null : backlog.poll();
                target = shell;
                if (chunk == null) {
                    writing = false;
                    if (endOfInput && !pty && !closed) {
                        // End of input is end of file for a command without terminal (`ssh host cat < file`).
                        closeQuietly(target.input());
                    }
                    return;
                }
            }
            try {
                write(target, chunk, 0, chunk.length);
                channel.getLocalWindow().release(chunk.length);
            } catch (IOException e) {
                discard();
                return;
            }
        }
    }

    private static void write(TaskShell target, byte[] data, int offset, int length) throws IOException {
        OutputStream input = target.input();
        // pty4j's stream mishandles a non-zero offset (it copies to the offset in its own array).
        input.write(offset == 0 && length == data.length ? data : Arrays.copyOfRange(data, offset, offset + length));
        input.flush();
    }

    private static void closeQuietly(OutputStream stream) {
        try {
            stream.close();
        } catch (IOException e) {
            // The shell has gone already.
        }
    }
}
