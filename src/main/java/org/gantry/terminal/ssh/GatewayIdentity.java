package org.gantry.terminal.ssh;

import java.util.Optional;
import org.apache.sshd.common.AttributeRepository;
import org.gantry.terminal.TerminalAuditEntry;

/**
 * Who a gateway session authenticated as: kept on the MINA session by the authenticator and
 * read by the commands it runs.
 *
 * @param clientAddress for browser keys, the browser's address (the gateway itself sees loopback)
 */
record GatewayIdentity(String username, TerminalAuditEntry.Via via, String fingerprint,
                       Optional<String> clientAddress) {

    static final AttributeRepository.AttributeKey<GatewayIdentity> KEY = new AttributeRepository.AttributeKey<>();
}
