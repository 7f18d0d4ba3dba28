package org.gantry.terminal.ssh;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.security.PublicKey;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.server.auth.pubkey.PublickeyAuthenticator;
import org.apache.sshd.server.session.ServerSession;
import org.gantry.terminal.BrowserKeys;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.TerminalAttempt;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalService;

/**
 * Lets a key in when it is a browser key minted for one connection or a key a user registered.
 * MINA asks twice per key (before and after the signature check), so the identity is only
 * acted on once the session is {@link SessionListener.Event#Authenticated}; an unknown key is
 * audited once per connection.
 */
final class GatewayAuthenticator implements PublickeyAuthenticator, SessionListener {

    private static final AttributeRepository.AttributeKey<Set<String>> REFUSED = new AttributeRepository.AttributeKey<>();

    private final SshKeyService keys;
    private final BrowserKeys browserKeys;
    private final TerminalService terminals;

    GatewayAuthenticator(SshKeyService keys, BrowserKeys browserKeys, TerminalService terminals) {
        this.keys = keys;
        this.browserKeys = browserKeys;
        this.terminals = terminals;
    }

    @Override
    public boolean authenticate(String loginName, PublicKey key, ServerSession session) {
        String fingerprint = MinaSshKeyCodec.fingerprint(key);
        Optional<GatewayIdentity> identity = browserKeys.find(fingerprint)
                .map(grant -> new GatewayIdentity(grant.username(), TerminalAuditEntry.Via.BROWSER, fingerprint,
                        Optional.of(grant.clientAddress())))
                .or(() -> keys.ownerOf(fingerprint)
                        .map(user -> new GatewayIdentity(user, TerminalAuditEntry.Via.SSH, fingerprint,
                                Optional.empty())));
        if (identity.isPresent()) {
            session.setAttribute(GatewayIdentity.KEY, identity.get());
            return true;
        }
        Set<String> refused = session.computeAttributeIfAbsent(REFUSED, k -> new HashSet<>());
        if (refused.add(fingerprint)) {
            terminals.refuse(new TerminalAttempt(Optional.empty(), TerminalAuditEntry.Via.SSH,
                    Optional.of(fingerprint), loginName, address(session.getClientAddress())),
                    "Unknown key " + fingerprint);
        }
        return false;
    }

    @Override
    public void sessionEvent(Session session, Event event) {
        if (event != Event.Authenticated) {
            return;
        }
        GatewayIdentity identity = session.getAttribute(GatewayIdentity.KEY);
        if (identity == null) {
            return;
        }
        if (identity.via() == TerminalAuditEntry.Via.BROWSER) {
            browserKeys.consume(identity.fingerprint());
        } else {
            keys.markUsed(identity.fingerprint());
        }
    }

    static String address(SocketAddress address) {
        if (address instanceof InetSocketAddress inet) {
            return inet.getAddress() == null ? inet.getHostString() : inet.getAddress().getHostAddress();
        }
        return String.valueOf(address);
    }
}
