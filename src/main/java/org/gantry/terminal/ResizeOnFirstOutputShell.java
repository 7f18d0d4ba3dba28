package org.gantry.terminal;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/** A shell whose window size is applied once more when it first writes, for srun's late pty. */
final class ResizeOnFirstOutputShell implements TaskShell {

    private final TaskShell shell;
    private final AtomicReference<TerminalSize> size;
    private final AtomicBoolean resized = new AtomicBoolean();
    private final InputStream output;

    ResizeOnFirstOutputShell(TaskShell shell, TerminalSize initial) {
        this.shell = shell;
        this.size = new AtomicReference<>(initial);
        this.output = new FilterInputStream(shell.output()) {
            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0 && resized.compareAndSet(false, true)) {
                    // Nudge the size so srun sees a change and passes it to the remote pty.
                    TerminalSize now = size.get();
                    shell.resize(new TerminalSize(now.columns(), now.rows() + 1));
                    shell.resize(now);
                }
                return n;
            }
        };
    }

    @Override
    public InputStream output() {
        return output;
    }

    @Override
    public Optional<InputStream> errorOutput() {
        return shell.errorOutput();
    }

    @Override
    public OutputStream input() {
        return shell.input();
    }

    @Override
    public void resize(TerminalSize newSize) {
        size.set(newSize);
        shell.resize(newSize);
    }

    @Override
    public int waitFor() throws InterruptedException {
        return shell.waitFor();
    }

    @Override
    public boolean isAlive() {
        return shell.isAlive();
    }

    @Override
    public void close() {
        shell.close();
    }
}
