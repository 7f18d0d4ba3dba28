package org.gantry.terminal.ssh;

import java.io.IOException;
import java.time.Duration;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionDisconnectHandler;
import org.apache.sshd.common.session.helpers.TimeoutIndicator;
import org.gantry.terminal.TerminalProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code gantry.terminal.idle-timeout} at its two levels. Each terminal watches its own input and output
 * and closes with a line on the user's screen ({@link TaskShellCommand}). MINA's session timer
 * backs it up for connections with no terminal open, and closes them with the reason as the
 * disconnect message (OpenSSH prints it: "Received disconnect from …: 11: Closing this
 * connection: …").
 *
 * <p>MINA's timer counts every message from the client, window adjustments and keepalives
 * too, so it never runs ahead of a terminal's; it is set later by a check interval and a
 * margin, so that the terminal's own message comes first when both are due.
 */
final class GatewayIdleTimeout implements SessionDisconnectHandler {

    /** Time for a terminal's message to reach its client (it waits at most 2 s) and a busy machine. */
    private static final Duration MARGIN = Duration.ofSeconds(5);
    private static final Logger log = LoggerFactory.getLogger(GatewayIdleTimeout.class);

    private final Duration timeout;

    GatewayIdleTimeout(Duration timeout) {
        this.timeout = timeout;
    }

    /** The timer to give MINA: after every terminal's own check has had its turn. */
    static Duration sessionTimer(TerminalProperties properties) {
        return properties.idleTimeout().plus(properties.taskCheckInterval()).plus(MARGIN);
    }

    /** What a terminal closed for want of input and output shows. */
    static String terminalMessage(Duration timeout) {
        return "Closing this terminal: no input or output for " + describe(timeout) + " (gantry.terminal.idle-timeout)";
    }

    /** The disconnect message of a connection closed for want of traffic. */
    static String connectionMessage(Duration timeout) {
        return "Closing this connection: idle for more than " + describe(timeout) + " (gantry.terminal.idle-timeout)";
    }

    /** Disconnects an idle session with Gantry's reason; leaves MINA's other timeouts to MINA. */
    @Override
    public boolean handleTimeoutDisconnectReason(Session session, TimeoutIndicator indicator) throws IOException {
        if (indicator.getStatus() != TimeoutIndicator.TimeoutStatus.IdleTimeout) {
            return false;
        }
        log.info("Closing idle SSH connection {} after {}", session, indicator.getExpiredValue());
        session.disconnect(SshConstants.SSH2_DISCONNECT_BY_APPLICATION, connectionMessage(timeout));
        return true;
    }

    static String describe(Duration duration) {
        if (duration.toSeconds() % 3600 == 0 && duration.toHours() > 0) {
            return duration.toHours() + " h";
        }
        if (duration.toSeconds() % 60 == 0 && duration.toMinutes() > 0) {
            return duration.toMinutes() + " min";
        }
        return duration.toSeconds() > 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
