package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.gantry.terminal.TaskShell;
import org.gantry.terminal.TerminalSize;

/** A shell on another machine, over one SSH exec channel of its own connection. */
final class OnwardSshShell implements TaskShell {

    /** Exit codes of signals the way a shell reports them (128 + n). */
    private static final Map<String, Integer> SIGNALS = Map.of("HUP", 1, "INT", 2, "QUIT", 3, "KILL", 9,
            "PIPE", 13, "ALRM", 14, "TERM", 15);

    private final ClientSession session;
    private final ChannelExec channel;
    private final boolean pty;

    OnwardSshShell(ClientSession session, ChannelExec channel, boolean pty) {
        this.session = session;
        this.channel = channel;
        this.pty = pty;
    }

    @Override
    public InputStream output() {
        return channel.getInvertedOut();
    }

    @Override
    public Optional<InputStream> errorOutput() {
        return pty ? Optional.empty() : Optional.of(channel.getInvertedErr());
    }

    @Override
    public OutputStream input() {
        return channel.getInvertedIn();
    }

    @Override
    public void resize(TerminalSize size) {
        if (pty && channel.isOpen()) {
            try {
                channel.sendWindowChange(size.columns(), size.rows());
            } catch (IOException e) {
                // The channel is closing; its end is reported through waitFor.
            }
        }
    }

    @Override
    public int waitFor() {
        channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), 0L);
        Integer status = channel.getExitStatus();
        if (status != null) {
            return status;
        }
        String signal = channel.getExitSignal();
        return signal == null ? 255 : 128 + SIGNALS.getOrDefault(signal, 0);
    }

    @Override
    public boolean isAlive() {
        return !channel.isClosed() && !channel.isClosing();
    }

    @Override
    public void close() {
        channel.close(false);
        session.close(false);
    }

}
