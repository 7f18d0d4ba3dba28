package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PublicKey;
import java.util.Iterator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.RejectAllServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.AttributeRepository;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.core.CoreModuleProperties;
import org.gantry.base.shell.Bash;
import org.gantry.base.ssh.MinaSshClient;
import org.gantry.terminal.ShellRequest;
import org.gantry.terminal.ShellScripts;
import org.gantry.terminal.ShellUnavailableException;
import org.gantry.base.ssh.SshEndpoint;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShell;
import org.gantry.terminal.TerminalProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Shells on other machines: an SSH connection to the task's host (or a Slurm login node) with
 * the credentials the runtime uses there, running the same bash command line as a local shell.
 */
@Component
class OnwardSsh implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(OnwardSsh.class);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(20);
    static final AttributeRepository.AttributeKey<SshEndpoint> ENDPOINT = new AttributeRepository.AttributeKey<>();

    private final MinaSshClient client;
    private final Map<SshEndpoint, ClientSession> shared = new HashMap<>();

    OnwardSsh(TerminalProperties properties) {
        this.client = new MinaSshClient(created -> {
            CoreModuleProperties.TCP_NODELAY.set(created, true);
            CoreModuleProperties.HEARTBEAT_INTERVAL.set(created, properties.keepaliveInterval());
            created.setServerKeyVerifier(OnwardSsh::verifyHostKey);
        });
    }

    /**
     * Runs {@code argv} on {@code endpoint} with the task's variables set; a pty when the
     * request has one.
     */
    TaskShell open(SshEndpoint endpoint, List<String> argv, Map<String, String> taskEnvironment,
                   Optional<String> initScript, Optional<String> directory, TaskRoute route, ShellRequest request)
            throws IOException {
        return start(endpoint, remoteCommand(argv, taskEnvironment, initScript, directory, route, request), request);
    }

    /**
     * {@code argv} on {@code endpoint} as its login, without terminal and without the task's
     * variables, on a connection of its own that closes with it (a Slurm step from the login node).
     */
    TaskShell exec(SshEndpoint endpoint, List<String> argv) throws IOException {
        return start(endpoint, Bash.join(argv), new ShellRequest(Optional.empty(), Optional.empty(), Map.of()));
    }

    private TaskShell start(SshEndpoint endpoint, String command, ShellRequest request) throws IOException {
        ClientSession session = connect(endpoint);
        try {
            ChannelExec channel = session.createExecChannel(command);
            if (request.pty().isPresent()) {
                ShellRequest.Pty pty = request.pty().get();
                channel.setUsePty(true);
                channel.setPtyType(pty.term());
                channel.setPtyColumns(pty.size().columns());
                channel.setPtyLines(pty.size().rows());
            }
            channel.open().verify(CONNECT_TIMEOUT);
            return new OnwardSshShell(session, channel, request.pty().isPresent());
        } catch (IOException e) {
            session.close(true);
            throw new ShellUnavailableException("Cannot reach the task's host " + endpoint.host() + ":"
                    + endpoint.port() + ": " + e.getMessage(), e);
        }
    }

    /**
     * A new SSH connection to {@code endpoint}, authenticated with its identity; the caller closes it.
     *
     * @throws ShellUnavailableException when the host cannot be reached or refuses the key, with a message for the user
     */
    ClientSession connect(SshEndpoint endpoint) throws IOException {
        ClientSession session = null;
        try {
            session = client.get().connect(endpoint.user(), endpoint.host(), endpoint.port(),
                            AttributeRepository.ofKeyValuePair(ENDPOINT, endpoint), null)
                    .verify(CONNECT_TIMEOUT).getSession();
            session.addPublicKeyIdentity(identity(endpoint.identityFile()));
            session.auth().verify(CONNECT_TIMEOUT);
            return session;
        } catch (IOException | GeneralSecurityException e) {
            if (session != null) {
                session.close(true);
            }
            throw new ShellUnavailableException("Cannot reach the task's host " + endpoint.host() + ":"
                    + endpoint.port() + ": " + e.getMessage(), e);
        }
    }

    /**
     * The connection to {@code endpoint} that forwarded ports and port checks share, opened on
     * first use and again when it has closed; kept alive by heartbeats, closed with the gateway.
     * Shells and SFTP take connections of their own ({@link #connect}), so that OpenSSH's limit
     * of sessions per connection ({@code MaxSessions}, 10) does not reach them.
     */
    ClientSession shared(SshEndpoint endpoint) throws IOException {
        synchronized (shared) {
            ClientSession session = shared.get(endpoint);
            if (session != null && session.isOpen() && !session.isClosing()) {
                return session;
            }
            session = connect(endpoint);
            shared.put(endpoint, session);
            return session;
        }
    }

    /**
     * {@code env NAME=value … bash …}: sshd servers accept few environment requests, so the
     * variables travel on the command line.
     */
    static String remoteCommand(List<String> argv, Map<String, String> taskEnvironment, Optional<String> initScript,
                                Optional<String> directory, TaskRoute route, ShellRequest request) {
        Map<String, String> env = ShellScripts.addTaskShellVariables(new LinkedHashMap<>(), request,
                taskEnvironment, initScript, directory, route);
        List<String> line = new ArrayList<>();
        line.add("env");
        env.forEach((name, value) -> line.add(name + "=" + value));
        line.addAll(argv);
        return Bash.join(line);
    }

    /** The endpoint's fingerprint, else its known_hosts file, decides; with neither any key goes, with a warning. */
    private static boolean verifyHostKey(ClientSession session, SocketAddress address, PublicKey key) {
        AttributeRepository context = session.getConnectionContext();
        SshEndpoint endpoint = context == null ? null : context.getAttribute(ENDPOINT);
        String actual = MinaSshKeyCodec.fingerprint(key);
        if (endpoint != null && endpoint.hostKeyFingerprint().isPresent()) {
            return endpoint.hostKeyFingerprint().get().equals(actual);
        }
        if (endpoint != null && endpoint.knownHosts().isPresent()) {
            return new KnownHostsServerKeyVerifier(RejectAllServerKeyVerifier.INSTANCE, endpoint.knownHosts().get())
                    .verifyServerKey(session, address, key);
        }
        log.warn("Accepting host key {} of {} unchecked: no expected key is configured", actual, address);
        return true;
    }

    private static KeyPair identity(Path file) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(file)) {
            Iterator<KeyPair> keys = SecurityUtils.loadKeyPairIdentities(null, () -> file.toString(), in, null)
                    .iterator();
            if (!keys.hasNext()) {
                throw new IOException("No key in " + file);
            }
            return keys.next();
        }
    }

    @Override
    public void destroy() {
        synchronized (shared) {
            shared.values().forEach(session -> session.close(true));
            shared.clear();
        }
        client.close();
    }
}
