package org.gantry.runtime.ssh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.core.CoreModuleProperties;
import org.gantry.base.ssh.MinaSshClient;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.runner.RemoteShell;
import org.gantry.runtime.hosts.SshTarget;

/**
 * Gantry's SSH client for executors: one {@link MinaSshClient}, one {@link RemoteShell} per
 * registered host. Host keys are trusted on first use and pinned in a known_hosts file; a host
 * whose key changed later is refused.
 */
public final class MinaSshClients implements AutoCloseable {

    private final Path knownHosts;
    private final MinaSshClient client;
    private final Duration connectTimeout;
    private final Duration commandTimeout;
    private final Map<SshTarget, MinaRemoteShell> shells = new ConcurrentHashMap<>();

    /** A client with the default keepalives (every 2 s, closed after 3 unanswered). */
    public MinaSshClients(Path knownHosts, Duration connectTimeout, Duration commandTimeout) throws IOException {
        this(knownHosts, connectTimeout, commandTimeout, RuntimeProperties.Ssh.DEFAULT_KEEPALIVE_INTERVAL,
                RuntimeProperties.Ssh.DEFAULT_KEEPALIVE_COUNT_MAX);
    }

    /**
     * A client that sends a keepalive request wanting a reply every {@code keepaliveInterval} on
     * each open connection and closes a connection after {@code keepaliveCountMax} of them went
     * unanswered, as OpenSSH's ServerAliveInterval and ServerAliveCountMax: a link that drops
     * packets silently is found dead within seconds, not at the command timeout
     * (docs/decisions/0090-ssh-keepalives-and-connect-timeout.md). A zero interval sends none.
     */
    public MinaSshClients(Path knownHosts, Duration connectTimeout, Duration commandTimeout,
                          Duration keepaliveInterval, int keepaliveCountMax) throws IOException {
        Files.createDirectories(knownHosts.getParent());
        if (!Files.exists(knownHosts)) {
            Files.createFile(knownHosts);
        }
        this.knownHosts = knownHosts;
        this.client = new MinaSshClient(created -> {
            created.setServerKeyVerifier(new KnownHostsServerKeyVerifier(AcceptAllServerKeyVerifier.INSTANCE,
                    knownHosts));
            if (!keepaliveInterval.isZero()) {
                CoreModuleProperties.HEARTBEAT_INTERVAL.set(created, keepaliveInterval);
                // a count of unanswered requests makes MINA ask for replies and close the session at the count
                CoreModuleProperties.HEARTBEAT_NO_REPLY_MAX.set(created, keepaliveCountMax);
            }
        });
        client.get();
        this.connectTimeout = connectTimeout;
        this.commandTimeout = commandTimeout;
    }

    /** The shell of a host; a changed registration (new key, port …) gets a new connection. */
    public RemoteShell shell(SshTarget target) {
        return shells.computeIfAbsent(target, t -> new MinaRemoteShell(client.get(), t, connectTimeout, commandTimeout));
    }

    /**
     * Pins {@code publicKey} ({@code "ssh-ed25519 AAAA…"}) as the only key of {@code host:port} in the
     * known_hosts file the client checks, replacing what was recorded for it before.
     */
    public synchronized void pin(String host, int port, String publicKey) throws IOException {
        String pattern = port == 22 ? host : "[" + host + "]:" + port;
        List<String> lines = new ArrayList<>(Files.readAllLines(knownHosts).stream()
                .filter(line -> !line.split("\\s+", 2)[0].equals(pattern)).toList());
        lines.add(pattern + " " + publicKey.strip());
        Path part = Files.createTempFile(knownHosts.getParent(), ".known_hosts", ".part");
        Files.write(part, lines);
        Files.move(part, knownHosts, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    public void close() {
        shells.values().forEach(MinaRemoteShell::close);
        client.close();
    }
}
