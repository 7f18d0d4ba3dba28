package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.util.Iterator;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.common.keyprovider.KeyPairProvider;

/**
 * The gateway's ed25519 host key, made once and kept in the data directory so that clients'
 * known_hosts entries stay valid across restarts.
 */
final class GatewayHostKey {

    static final String FILE_NAME = "ssh_host_ed25519_key";

    private GatewayHostKey() {
    }

    static KeyPair loadOrCreate(Path directory) throws IOException {
        Path file = directory.resolve(FILE_NAME);
        if (Files.exists(file)) {
            Iterator<KeyPair> keys = new FileKeyPairProvider(file).loadKeys(null).iterator();
            if (!keys.hasNext()) {
                throw new IOException("No key in " + file);
            }
            return keys.next();
        }
        Files.createDirectories(directory);
        try {
            KeyPair key = KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
            Path temporary = Files.createTempFile(directory, FILE_NAME, ".tmp",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (OutputStream out = Files.newOutputStream(temporary, StandardOpenOption.TRUNCATE_EXISTING)) {
                OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(key, "gantry-gateway", null, out);
            }
            Files.move(temporary, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            Files.writeString(directory.resolve(FILE_NAME + ".pub"), PublicKeyEntry.toString(key.getPublic()) + "\n");
            return key;
        } catch (GeneralSecurityException e) {
            throw new IOException("Cannot make the gateway's host key", e);
        }
    }
}
