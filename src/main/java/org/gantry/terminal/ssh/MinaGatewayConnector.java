package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.EnumSet;
import java.util.OptionalInt;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.core.CoreModuleProperties;
import org.gantry.base.ssh.MinaSshClient;
import org.gantry.terminal.BrowserKeys;
import org.gantry.terminal.GatewayConnection;
import org.gantry.terminal.GatewayConnector;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TerminalProperties;
import org.gantry.terminal.TerminalSize;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * The browser terminal's way into the gateway: a MINA client on loopback, authenticating with
 * a fresh ed25519 key registered in {@link BrowserKeys} for one connection and at most five
 * minutes. Its window is {@code gantry.terminal.output-window}, which bounds the output
 * waiting here for a slow browser.
 */
@Component
class MinaGatewayConnector implements GatewayConnector, DisposableBean {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(20);

    private final MinaSshGateway gateway;
    private final BrowserKeys browserKeys;
    private final TerminalProperties properties;
    private final MinaSshClient client;

    MinaGatewayConnector(MinaSshGateway gateway, BrowserKeys browserKeys, TerminalProperties properties) {
        this.gateway = gateway;
        this.browserKeys = browserKeys;
        this.properties = properties;
        this.client = new MinaSshClient(created -> {
            CoreModuleProperties.TCP_NODELAY.set(created, true);
            CoreModuleProperties.WINDOW_SIZE.set(created, properties.outputWindow().toBytes());
            CoreModuleProperties.HEARTBEAT_INTERVAL.set(created, properties.keepaliveInterval());
            // It talks to our own gateway only: its host key is known.
            created.setServerKeyVerifier((session, address, key) ->
                    MinaSshKeyCodec.fingerprint(key).equals(gateway.hostKeyFingerprint()));
        });
    }

    @Override
    public GatewayConnection connect(String username, String clientAddress, TaskRoute route, TerminalSize size)
            throws IOException {
        KeyPair key;
        try {
            key = KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
        } catch (GeneralSecurityException e) {
            throw new IOException("Cannot make a browser key", e);
        }
        String fingerprint = MinaSshKeyCodec.fingerprint(key.getPublic());
        browserKeys.register(fingerprint, username, clientAddress, properties.browserKeyTtl());
        ClientSession session = null;
        try {
            session = client.get().connect(route.loginName(), loopback(), gateway.port())
                    .verify(CONNECT_TIMEOUT).getSession();
            session.addPublicKeyIdentity(key);
            session.auth().verify(CONNECT_TIMEOUT);
            ChannelShell channel = session.createShellChannel();
            channel.setPtyType("xterm-256color");
            channel.setPtyColumns(size.columns());
            channel.setPtyLines(size.rows());
            channel.setEnv("LANG", "C.UTF-8");
            channel.setEnv("COLORTERM", "truecolor");
            channel.open().verify(CONNECT_TIMEOUT);
            return new Connection(session, channel);
        } catch (IOException | RuntimeException e) {
            if (session != null) {
                session.close(true);
            }
            throw e;
        } finally {
            // Spent on success by the gateway; never usable again either way.
            browserKeys.revoke(fingerprint);
        }
    }

    private String loopback() {
        String bind = properties.bindAddress();
        return bind.equals("0.0.0.0") || bind.equals("::") || bind.isBlank() ? "127.0.0.1" : bind;
    }

    @Override
    public void destroy() {
        client.close();
    }

    private static final class Connection implements GatewayConnection {

        private final ClientSession session;
        private final ChannelShell channel;
        private final InputStream output;
        private final OutputStream input;

        Connection(ClientSession session, ChannelShell channel) {
            this.session = session;
            this.channel = channel;
            this.output = channel.getInvertedOut();
            this.input = channel.getInvertedIn();
        }

        @Override
        public InputStream output() {
            return output;
        }

        @Override
        public void write(byte[] data) throws IOException {
            synchronized (input) {
                input.write(data);
                input.flush();
            }
        }

        @Override
        public void resize(TerminalSize size) throws IOException {
            channel.sendWindowChange(size.columns(), size.rows());
        }

        @Override
        public OptionalInt exitStatus() {
            channel.waitFor(EnumSet.of(ClientChannelEvent.EXIT_STATUS, ClientChannelEvent.CLOSED), Duration.ofSeconds(2));
            Integer status = channel.getExitStatus();
            return status == null ? OptionalInt.empty() : OptionalInt.of(status);
        }

        @Override
        public void close() {
            channel.close(false);
            session.close(false);
        }
    }
}
