package org.gantry.base.ssh;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.common.NamedFactory;
import org.apache.sshd.common.cipher.BuiltinCiphers;
import org.apache.sshd.common.cipher.Cipher;

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
                // the client's order decides the cipher; MINA's default puts its plain-Java ChaCha20 first
                created.setCipherFactories(aesGcmFirst(created.getCipherFactories()));
                setUp.accept(created);
                created.start();
                client = created;
            }
            return client;
        }
    }

    /** The AES-GCM ciphers, which the JDK runs on the AES-NI intrinsics. */
    public static final List<NamedFactory<Cipher>> AES_GCM = List.of(BuiltinCiphers.aes128gcm, BuiltinCiphers.aes256gcm);

    /**
     * {@code all} with AES-GCM moved to the front: the JDK runs AES-GCM on the AES-NI intrinsics,
     * while MINA's ChaCha20-Poly1305, first in its default list, is plain Java and bounds a bulk
     * transfer (docs/decisions/0088-aes-gcm-for-openssh-clients.md).
     */
    public static List<NamedFactory<Cipher>> aesGcmFirst(List<NamedFactory<Cipher>> all) {
        List<NamedFactory<Cipher>> ordered = new ArrayList<>(AES_GCM);
        all.stream().filter(factory -> ordered.stream().noneMatch(gcm -> gcm.getName().equals(factory.getName())))
                .forEach(ordered::add);
        return ordered;
    }

    /** Stops the client and its sessions, if it was started. */
    @Override
    public synchronized void close() {
        if (client != null) {
            client.stop();
        }
    }
}
