package org.gantry.terminal;

import com.pty4j.PtyProcess;
import com.pty4j.PtyProcessBuilder;
import com.pty4j.WinSize;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A process on a real pseudo-terminal of this machine, through pty4j: the terminal's line
 * discipline turns Ctrl-C into SIGINT, and window changes reach the process as SIGWINCH.
 */
public final class Pty4jShell implements TaskShell {

    /** How long a hung-up shell may take to exit before it is killed. */
    private static final long HANGUP_GRACE_MILLIS = 2000;

    private final PtyProcess process;

    private Pty4jShell(PtyProcess process) {
        this.process = process;
    }

    /**
     * Starts {@code command} on a new pty.
     *
     * @param environment the complete environment: nothing of Gantry's own is inherited
     */
    public static Pty4jShell start(List<String> command, Map<String, String> environment, Path directory,
                                   TerminalSize size) throws IOException {
        PtyProcess process = new PtyProcessBuilder(command.toArray(String[]::new))
                .setEnvironment(environment)
                .setDirectory(directory.toString())
                .setInitialColumns(size.columns())
                .setInitialRows(size.rows())
                .setConsole(false)
                .start();
        return new Pty4jShell(process);
    }

    @Override
    public InputStream output() {
        return process.getInputStream();
    }

    @Override
    public Optional<InputStream> errorOutput() {
        return Optional.empty();
    }

    @Override
    public OutputStream input() {
        return process.getOutputStream();
    }

    @Override
    public void resize(TerminalSize size) {
        if (process.isAlive()) {
            process.setWinSize(new WinSize(size.columns(), size.rows()));
        }
    }

    /** The size the pty has now, as the kernel reports it. */
    public TerminalSize size() throws IOException {
        WinSize size = process.getWinSize();
        return new TerminalSize(size.getColumns(), size.getRows());
    }

    @Override
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    @Override
    public boolean isAlive() {
        return process.isAlive();
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        // SIGHUP first, as a terminal that goes away does: bash passes it on to its jobs.
        if (process instanceof com.pty4j.unix.UnixPtyProcess unix) {
            unix.hangup();
        } else {
            process.destroy();
        }
        try {
            if (!process.waitFor(HANGUP_GRACE_MILLIS, TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
