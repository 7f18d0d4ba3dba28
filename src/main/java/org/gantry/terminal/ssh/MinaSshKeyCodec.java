package org.gantry.terminal.ssh;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.interfaces.RSAKey;
import java.util.Map;
import java.util.Set;
import org.apache.sshd.common.config.keys.AuthorizedKeyEntry;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.PublicKeyEntryResolver;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.common.digest.BuiltinDigests;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.gantry.terminal.SshKeyCodec;
import org.springframework.stereotype.Component;

/** OpenSSH key formats through MINA's key utilities. */
@Component
class MinaSshKeyCodec implements SshKeyCodec {

    /** Below this RSA is no longer considered safe; OpenSSH refuses it too. */
    static final int RSA_BITS_MIN = 2048;
    static final int RSA_BITS_GENERATED = 3072;

    private static final Set<String> ACCEPTED_TYPES = Set.of(
            KeyPairProvider.SSH_ED25519, KeyPairProvider.SSH_RSA, KeyPairProvider.ECDSA_SHA2_NISTP256,
            KeyPairProvider.ECDSA_SHA2_NISTP384, KeyPairProvider.ECDSA_SHA2_NISTP521,
            "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com");

    @Override
    public PublicKeyInfo parse(String publicKeyLine) {
        String line = publicKeyLine == null ? "" : publicKeyLine.strip();
        if (line.isEmpty()) {
            throw new IllegalArgumentException("Paste a public key, e.g. the contents of ~/.ssh/id_ed25519.pub");
        }
        if (line.contains("PRIVATE KEY")) {
            throw new IllegalArgumentException("This is a private key: paste the public one (the .pub file) and keep "
                    + "the private key to yourself");
        }
        if (line.lines().count() > 1) {
            throw new IllegalArgumentException("Paste one public key, on one line");
        }
        PublicKey key;
        String comment;
        try {
            AuthorizedKeyEntry entry = AuthorizedKeyEntry.parseAuthorizedKeyEntry(line);
            if (entry == null || !entry.getLoginOptions().isEmpty()) {
                throw new IllegalArgumentException("options before the key are not honoured");
            }
            key = entry.resolvePublicKey(null, Map.of(), PublicKeyEntryResolver.FAILING);
            comment = entry.getComment() == null ? "" : entry.getComment();
        } catch (Exception e) {
            throw new IllegalArgumentException("This is not an OpenSSH public key (expected e.g. `ssh-ed25519 AAAA… "
                    + "you@laptop`)");
        }
        return describe(key, comment);
    }

    @Override
    public GeneratedKeyPair generate(KeyKind kind, String comment) {
        try {
            KeyPair pair = switch (kind) {
                case ED25519 -> KeyUtils.generateKeyPair(KeyPairProvider.SSH_ED25519, 256);
                case RSA -> KeyUtils.generateKeyPair(KeyPairProvider.SSH_RSA, RSA_BITS_GENERATED);
            };
            ByteArrayOutputStream privateKey = new ByteArrayOutputStream();
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(pair, comment, null, privateKey);
            return new GeneratedKeyPair(describe(pair.getPublic(), comment),
                    privateKey.toString(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new IllegalStateException("Cannot generate a " + kind + " key", e);
        }
    }

    /** OpenSSH's {@code SHA256:…} fingerprint of a key. */
    static String fingerprint(PublicKey key) {
        return KeyUtils.getFingerPrint(BuiltinDigests.sha256, key);
    }

    private static PublicKeyInfo describe(PublicKey key, String comment) {
        String type = KeyUtils.getKeyType(key);
        if (type == null || !ACCEPTED_TYPES.contains(type)) {
            throw new IllegalArgumentException("Keys of type " + type + " are not accepted; use ed25519, ECDSA or RSA");
        }
        if (key instanceof RSAKey rsa && rsa.getModulus().bitLength() < RSA_BITS_MIN) {
            throw new IllegalArgumentException("This RSA key has " + rsa.getModulus().bitLength() + " bits; at least "
                    + RSA_BITS_MIN + " are needed");
        }
        return new PublicKeyInfo(type, PublicKeyEntry.toString(key), fingerprint(key), comment.strip());
    }
}
