package org.gantry.terminal;

import java.util.Optional;

/**
 * Who tries to enter which task, and from where.
 *
 * @param username the user the key belongs to; empty for an unknown key
 * @param via the SSH gateway directly, or the browser terminal through it
 * @param keyFingerprint the key that was offered
 * @param loginName the SSH login name, i.e. the requested task route, as sent
 * @param remoteAddress the client's address
 */
public record TerminalAttempt(Optional<String> username, TerminalAuditEntry.Via via, Optional<String> keyFingerprint,
                              String loginName, String remoteAddress) {
}
