package org.gantry.base.ssh;

import java.util.function.Consumer;
import org.apache.sshd.client.SshClient;

/**
 * One MINA {@link SshClient}'s lifecycle, shared by the runtime's and the terminal's SSH
 * adapters: set up by the owner's {@code setUp} (host key verifier, windows, heartbeats),
 * started on first use, stopped by {@link #close()}. Thread-safe; {@link #get()} from any thread.
 */
public final class MinaSshClient implements AutoCloseable {

    private final Consumer<SshClient> setUp;
    private volatile SshClient client;

    /** {@code setUp} configures the client before it starts; it runs once, on the first {@link #get()}. */
    public MinaSshClient(Consumer<SshClient> setUp) {
        this.setUp = setUp;
    }

    /** The started client. */
    public SshClient get() {
        SshClient current = client;
        if (current != null) {
            return current;
        }
        synchronized (this) {
            if (client == null) {
                SshClient created = SshClient.setUpDefaultClient();
                setUp.accept(created);
                created.start();
                client = created;
            }
            return client;
        }
    }

    /** Stops the client and its sessions, if it was started. */
    @Override
    public synchronized void close() {
        if (client != null) {
            client.stop();
        }
    }
}
