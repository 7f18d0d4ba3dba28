package org.gantry.terminal;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;

/**
 * A shell (or command) running next to a task, as the gateway drives it. Implementations:
 * {@link Pty4jShell} and {@link PipeShell} on this machine, an onward SSH channel in the SSH
 * adapter.
 *
 * <p>One thread reads {@link #output()}, one reads {@link #errorOutput()}, one writes
 * {@link #input()}; {@link #resize} and {@link #close} may come from any thread.
 */
public interface TaskShell extends AutoCloseable {

    /** What the shell writes; with a pty, stderr too. Ends when the shell and its children close it. */
    InputStream output();

    /** Standard error, when there is no pty. */
    Optional<InputStream> errorOutput();

    /** What the user types; closing it sends end-of-file. */
    OutputStream input();

    /** Tells the shell its terminal changed size; ignored without a pty. */
    void resize(TerminalSize size);

    /** Waits for the shell to exit and returns its exit code (128 + n when killed by signal n). */
    int waitFor() throws InterruptedException;

    boolean isAlive();

    /** Hangs up: the shell and what it started are told to stop, and are killed if they don't. */
    @Override
    void close();
}
