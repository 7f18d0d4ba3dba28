package org.gantry.terminal;

import java.io.IOException;
import java.io.InputStream;
import java.util.OptionalInt;

/**
 * A terminal open through the gateway. One thread reads {@link #output()}; {@link #write} and
 * {@link #resize} may come from others. Output is read at the reader's pace: while nobody
 * reads, the gateway stops reading from the shell once the connection's window is full.
 */
public interface GatewayConnection extends AutoCloseable {

    /** The terminal's output (stdout and stderr share the pty); ends when the shell exits. */
    InputStream output();

    /** Sends what the user typed or pasted. */
    void write(byte[] data) throws IOException;

    void resize(TerminalSize size) throws IOException;

    /** The shell's exit status once the connection has ended, if the gateway sent one. */
    OptionalInt exitStatus();

    @Override
    void close();
}
