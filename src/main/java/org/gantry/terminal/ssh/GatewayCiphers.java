package org.gantry.terminal.ssh;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.Cipher;
import org.apache.sshd.common.io.IoSession;
import org.apache.sshd.common.kex.KexProposalOption;
import org.apache.sshd.common.kex.KexState;
import org.apache.sshd.server.ServerFactoryManager;
import org.apache.sshd.server.session.ServerSessionImpl;
import org.apache.sshd.server.session.SessionFactory;
import org.gantry.base.ssh.MinaSshClient;

/**
 * Which ciphers the gateway offers a client (docs/decisions/0088-aes-gcm-for-openssh-clients.md).
 * AES-GCM runs on the JDK's AES-NI intrinsics, MINA's ChaCha20-Poly1305 is plain Java and caps a
 * forwarded port far below sshd. SSH takes the client's first cipher that the server offers and
 * OpenSSH lists ChaCha20 first, so ordering the server's list is not enough: an OpenSSH client
 * that lists AES-GCM is offered AES-GCM only. To know what the client lists, the gateway sends its
 * KEXINIT after the client's, for OpenSSH clients only, which send theirs right after the
 * identification lines; every other client gets the full list at once, AES-GCM first.
 */
final class GatewayCiphers {

    // "SSH-2.0-OpenSSH_9.2p1 Debian-2+deb12u3", "SSH-2.0-OpenSSH_for_Windows_8.1"
    private static final Pattern OPENSSH = Pattern.compile("SSH-2\\.0-OpenSSH_(?:for_Windows_)?(\\d+)\\.(\\d+)(?:\\D.*)?");

    private GatewayCiphers() {
    }

    /** OpenSSH's version {major, minor} from a client's identification line; empty for any other client. */
    static Optional<int[]> openSshVersion(String identification) {
        Matcher matcher = OPENSSH.matcher(identification == null ? "" : identification);
        if (!matcher.matches()) {
            return Optional.empty();
        }
        return Optional.of(new int[] {Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2))});
    }

    /** Whether the gateway waits for this client's KEXINIT: OpenSSH 6.2 or later, the first with AES-GCM. */
    static boolean waitsForClientOffer(String identification) {
        return openSshVersion(identification).filter(v -> v[0] > 6 || v[0] == 6 && v[1] >= 2).isPresent();
    }

    /**
     * What to offer a client whose KEXINIT listed {@code toServer} and {@code toClient} (comma
     * separated cipher names): AES-GCM only when both lists name one of them, else {@code all}.
     */
    static List<NamedFactory<Cipher>> offerTo(String toServer, String toClient, List<NamedFactory<Cipher>> all) {
        List<String> gcm = names(MinaSshClient.AES_GCM);
        boolean both = names(toServer).stream().anyMatch(gcm::contains)
                && names(toClient).stream().anyMatch(gcm::contains);
        return both ? MinaSshClient.AES_GCM : all;
    }

    private static List<String> names(String list) {
        return list == null ? List.of() : Arrays.stream(list.split(",")).map(String::strip).toList();
    }

    private static List<String> names(List<NamedFactory<Cipher>> factories) {
        return factories.stream().map(NamedFactory::getName).toList();
    }

    /** Creates the gateway's sessions. */
    static final class Sessions extends SessionFactory {

        Sessions(ServerFactoryManager server) {
            super(server);
        }

        @Override
        protected ServerSessionImpl doCreateSession(IoSession ioSession) throws Exception {
            return new Session(getServer(), ioSession);
        }
    }

    /**
     * A server session that, for an OpenSSH client, holds its first KEXINIT back until the
     * client's has arrived. MINA's server sends its KEXINIT as soon as it has read the client's
     * identification (state INIT); holding it leaves the state DONE, so the client's KEXINIT starts
     * the exchange as a client-started re-key would, and MINA then sends the server's KEXINIT built
     * from this session's ciphers. Called on MINA's I/O threads, one message at a time.
     */
    static final class Session extends ServerSessionImpl {

        private boolean heldBack;

        Session(ServerFactoryManager server, IoSession ioSession) throws Exception {
            super(server, ioSession);
        }

        @Override
        protected byte[] sendKexInit() throws Exception {
            if (!initialKexDone && !heldBack && waitsForClientOffer(getClientVersion())) {
                heldBack = true;
                kexState.set(KexState.DONE);
                return null;
            }
            if (heldBack && !initialKexDone) {
                setCipherFactories(offerTo(getClientKexProposals().get(KexProposalOption.C2SENC),
                        getClientKexProposals().get(KexProposalOption.S2CENC), getCipherFactories()));
            }
            return super.sendKexInit();
        }
    }
}
