package org.gantry.terminal.ssh;

import org.apache.sshd.common.AttributeRepository;
import org.gantry.terminal.TerminalAuditEntry;

/**
 * Who a gateway session authenticated as: kept on the MINA session by the authenticator and
 * read by the commands it runs.
 */
record GatewayIdentity(String username, TerminalAuditEntry.Via via, String fingerprint) {

    static final AttributeRepository.AttributeKey<GatewayIdentity> KEY = new AttributeRepository.AttributeKey<>();
}
