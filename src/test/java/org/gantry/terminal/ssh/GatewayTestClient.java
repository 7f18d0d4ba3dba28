package org.gantry.terminal.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.apache.sshd.core.CoreModuleProperties;
import org.gantry.terminal.SshKeyService;

/** A real MINA SSH client for gateway tests: a shell whose output can be awaited, or an exec. */
final class GatewayTestClient implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final SshClient CLIENT = startClient();

    private final ClientSession session;
    private final AtomicReference<String> disconnectReason = new AtomicReference<>();

    private GatewayTestClient(ClientSession session) {
        this.session = session;
        session.addSessionListener(new SessionListener() {
            @Override
            public void sessionDisconnect(Session closing, int reason, String message, String language,
                                          boolean initiator) {
                if (!initiator) {
                    disconnectReason.set(message);
                }
            }
        });
    }

    static KeyPair newKey() throws Exception {
        return KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
    }

    /** A new key, registered for {@code username} as Settings: SSH keys would. */
    static KeyPair registeredKey(SshKeyService keys, String username) throws Exception {
        KeyPair key = newKey();
        keys.add(username, "laptop", PublicKeyEntry.toString(key.getPublic()));
        return key;
    }

    /** Connects and authenticates; throws when the key is refused. */
    static GatewayTestClient connect(int port, String loginName, KeyPair key) throws IOException {
        ClientSession session = CLIENT.connect(loginName, "127.0.0.1", port).verify(TIMEOUT).getSession();
        session.addPublicKeyIdentity(key);
        try {
            session.auth().verify(TIMEOUT);
        } catch (IOException | RuntimeException e) {
            session.close(true);
            throw e;
        }
        return new GatewayTestClient(session);
    }

    Shell shell(int columns, int rows) throws IOException {
        ChannelShell channel = session.createShellChannel();
        channel.setPtyType("xterm-256color");
        channel.setPtyColumns(columns);
        channel.setPtyLines(rows);
        channel.open().verify(TIMEOUT);
        return new Shell(channel);
    }

    Exec exec(String command) throws IOException {
        return exec(command, "");
    }

    /** Runs {@code command} with {@code stdin} as its input, then end of file. */
    Exec exec(String command, String stdin) throws IOException {
        ChannelExec channel = session.createExecChannel(command);
        channel.setIn(new java.io.ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        channel.setOut(out);
        channel.setErr(err);
        channel.open().verify(TIMEOUT);
        channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), TIMEOUT);
        return new Exec(out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
                channel.getExitStatus());
    }

    /**
     * Waits for the server to end the connection and returns the message of its disconnect;
     * empty when it dropped the connection without one.
     */
    Optional<String> awaitDisconnect(Duration timeout) {
        session.waitFor(EnumSet.of(ClientSession.ClientSessionEvent.CLOSED), timeout);
        if (!session.isClosed()) {
            throw new AssertionError("The server kept the connection open for " + timeout);
        }
        return Optional.ofNullable(disconnectReason.get());
    }

    @Override
    public void close() {
        session.close(true);
    }

    record Exec(String out, String err, Integer exitStatus) {
    }

    /** An interactive shell; its output is read on demand, so a test can stop reading at will. */
    static final class Shell {

        private final ChannelShell channel;
        private final InputStream output;
        private final OutputStream input;
        private final StringBuilder seen = new StringBuilder();
        private final AtomicLong bytesRead = new AtomicLong();

        Shell(ChannelShell channel) {
            this.channel = channel;
            this.output = channel.getInvertedOut();
            this.input = channel.getInvertedIn();
        }

        void type(String text) throws IOException {
            input.write(text.getBytes(StandardCharsets.UTF_8));
            input.flush();
        }

        void resize(int columns, int rows) throws IOException {
            channel.sendWindowChange(columns, rows);
        }

        /** Reads until {@code text} appears in the output after {@code from}; returns everything seen so far. */
        String await(String text) throws IOException {
            if (!readUntil(text, System.nanoTime() + TIMEOUT.toNanos())) {
                throw notSeen(text);
            }
            return seen.toString();
        }

        /**
         * Types {@code command} again every second until {@code text} appears after it, within the
         * same time as {@link #await}: for what reaches the shell on its own path and time, such as
         * a window change passed on through {@code srun}'s pty.
         */
        String awaitAnswer(String command, String text) throws IOException {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            do {
                clear();
                type(command);
                if (readUntil(text, Math.min(deadline, System.nanoTime() + Duration.ofSeconds(1).toNanos()))) {
                    return seen.toString();
                }
            } while (System.nanoTime() < deadline);
            throw notSeen(text);
        }

        /** Reads until {@code text} is among what was seen (true) or the time {@code until} (a nanoTime) has come (false). */
        private boolean readUntil(String text, long until) throws IOException {
            byte[] buffer = new byte[8192];
            while (seen.indexOf(text) < 0) {
                if (System.nanoTime() > until) {
                    return false;
                }
                if (output.available() == 0 && channel.isClosed()) {
                    throw new AssertionError("The channel closed without `" + text + "`; it showed:\n" + seen);
                }
                int n = output.available() > 0 ? output.read(buffer) : readWithPause(buffer);
                if (n < 0) {
                    throw new AssertionError("The terminal ended without `" + text + "`; it showed:\n" + seen);
                }
                if (n > 0) {
                    bytesRead.addAndGet(n);
                    seen.append(new String(buffer, 0, n, StandardCharsets.UTF_8));
                }
            }
            return true;
        }

        private AssertionError notSeen(String text) {
            return new AssertionError("No `" + text + "` in the terminal within " + TIMEOUT + "; it shows:\n" + seen);
        }

        /** Forgets what was seen, so a later await looks only at new output. */
        void clear() {
            seen.setLength(0);
        }

        long bytesRead() {
            return bytesRead.get();
        }

        /** Reads and drops output until at least {@code bytes} more have arrived. */
        void drain(long bytes) throws IOException {
            byte[] buffer = new byte[65536];
            long target = bytesRead.get() + bytes;
            while (bytesRead.get() < target) {
                int n = output.read(buffer);
                if (n < 0) {
                    return;
                }
                bytesRead.addAndGet(n);
            }
        }

        /** Waits for the channel to close and returns the exit status the server sent. */
        Integer exitStatus() throws IOException {
            channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED, ClientChannelEvent.EXIT_STATUS), TIMEOUT);
            channel.waitFor(EnumSet.of(ClientChannelEvent.EXIT_STATUS), Duration.ofSeconds(2));
            return channel.getExitStatus();
        }

        String seen() {
            return seen.toString();
        }

        private int readWithPause(byte[] buffer) throws IOException {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return output.available() > 0 ? output.read(buffer) : 0;
        }
    }

    private static SshClient startClient() {
        SshClient client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(AcceptAllServerKeyVerifier.INSTANCE);
        CoreModuleProperties.TCP_NODELAY.set(client, true);
        // A small window, as the browser bridge uses, makes the flow-control test sharp.
        CoreModuleProperties.WINDOW_SIZE.set(client, 256L * 1024);
        client.start();
        return client;
    }
}
