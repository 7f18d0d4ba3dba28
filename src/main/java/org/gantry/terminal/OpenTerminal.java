package org.gantry.terminal;

import java.time.Instant;

/**
 * A terminal open in the gateway.
 *
 * @param username who opened it
 * @param via directly over SSH or from the browser
 * @param route the task it is in
 * @param openedAt when it opened
 * @param bytesFromShell output read from the shell so far
 * @param bytesToClient output handed to the SSH channel so far (it waits while the client's window is full)
 */
public record OpenTerminal(String username, TerminalAuditEntry.Via via, TaskRoute route, Instant openedAt,
                           long bytesFromShell, long bytesToClient) {
}
