package org.gantry.terminal;

import java.io.IOException;

/**
 * Opens terminals through the SSH gateway on a user's behalf, the way the browser terminal
 * reaches a task: with a key minted for that one connection, so the browser path is checked,
 * routed and audited exactly like an SSH client's.
 */
public interface GatewayConnector {

    /**
     * Connects to the gateway as {@code username}, asking for {@code route}'s shell on a pty
     * of the given size. The gateway may still refuse; its message then arrives as output and
     * the connection ends with a non-zero exit status.
     *
     * @param clientAddress the browser's address, for the audit
     */
    GatewayConnection connect(String username, String clientAddress, TaskRoute route, TerminalSize size)
            throws IOException;
}
