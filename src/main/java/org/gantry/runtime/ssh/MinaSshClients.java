package org.gantry.runtime.ssh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.keyverifier.AcceptAllServerKeyVerifier;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.gantry.runtime.RemoteShell;
import org.gantry.runtime.hosts.SshTarget;

/**
 * Gantry's SSH client for executors: one MINA {@link SshClient}, one {@link RemoteShell} per
 * registered host. Host keys are trusted on first use and pinned in a known_hosts file; a host
 * whose key changed later is refused.
 */
public final class MinaSshClients implements AutoCloseable {

    private final SshClient client;
    private final Duration connectTimeout;
    private final Duration commandTimeout;
    private final Map<SshTarget, MinaRemoteShell> shells = new ConcurrentHashMap<>();

    public MinaSshClients(Path knownHosts, Duration connectTimeout, Duration commandTimeout) throws IOException {
        Files.createDirectories(knownHosts.getParent());
        if (!Files.exists(knownHosts)) {
            Files.createFile(knownHosts);
        }
        this.client = SshClient.setUpDefaultClient();
        client.setServerKeyVerifier(new KnownHostsServerKeyVerifier(AcceptAllServerKeyVerifier.INSTANCE, knownHosts));
        client.start();
        this.connectTimeout = connectTimeout;
        this.commandTimeout = commandTimeout;
    }

    /** The shell of a host; a changed registration (new key, port …) gets a new connection. */
    public RemoteShell shell(SshTarget target) {
        return shells.computeIfAbsent(target, t -> new MinaRemoteShell(client, t, connectTimeout, commandTimeout));
    }

    @Override
    public void close() {
        shells.values().forEach(MinaRemoteShell::close);
        client.stop();
    }
}
