package org.gantry.job;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.gantry.base.GantryProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * AES-256-GCM for job secrets at rest. A sealed value is {@code version(1) | iv(12) |
 * ciphertext+tag}; the caller's context (the job's {@code user~name}) is bound as
 * associated data, so a sealed value copied onto another job does not open.
 */
@Component
public class SecretCipher {

    private static final Logger log = LoggerFactory.getLogger(SecretCipher.class);
    private static final byte VERSION = 1;
    private static final int IV_BYTES = 12;
    private static final int TAG_BITS = 128;
    static final String KEY_FILE = "secret.key";

    private final SecretKey key;
    private final SecureRandom random = new SecureRandom();

    @Autowired
    SecretCipher(SecretsProperties properties, GantryProperties gantry) {
        this(properties.configuredKey().map(SecretCipher::decodeKey)
                .orElseGet(() -> loadOrCreateKey(gantry.dataDir().resolve(KEY_FILE))));
    }

    SecretCipher(byte[] key) {
        if (key.length != 32) {
            throw new IllegalArgumentException("The secrets key must be 256 bits (32 bytes), not " + key.length);
        }
        this.key = new SecretKeySpec(key, "AES");
    }

    public byte[] seal(String plaintext, String context) {
        try {
            byte[] iv = new byte[IV_BYTES];
            random.nextBytes(iv);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
            cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8));
            return ByteBuffer.allocate(1 + IV_BYTES + sealed.length).put(VERSION).put(iv).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable", e);
        }
    }

    /** The plaintext; fails when the value was sealed with another key or context, or altered. */
    public String open(byte[] sealed, String context) {
        if (sealed.length < 1 + IV_BYTES + TAG_BITS / 8 || sealed[0] != VERSION) {
            throw new IllegalArgumentException("Not a sealed secret");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, sealed, 1, IV_BYTES));
            cipher.updateAAD(context.getBytes(StandardCharsets.UTF_8));
            byte[] plain = cipher.doFinal(sealed, 1 + IV_BYTES, sealed.length - 1 - IV_BYTES);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("The sealed secret does not open with this key and context", e);
        }
    }

    private static byte[] decodeKey(String base64) {
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("gantry.secrets.key is not valid base64", e);
        }
    }

    static byte[] loadOrCreateKey(Path file) {
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(file.getParent());
                byte[] fresh = new byte[32];
                new SecureRandom().nextBytes(fresh);
                try {
                    // Created with 0600 from the start: no moment where others could read it.
                    Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                    Files.writeString(file, Base64.getEncoder().encodeToString(fresh) + "\n");
                    log.info("Generated the key for job secrets in {}; back it up with the database", file);
                    return fresh;
                } catch (FileAlreadyExistsException raced) {
                    // another Gantry created it meanwhile: use theirs
                }
            }
            return decodeKey(Files.readString(file).trim());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create the secrets key " + file, e);
        }
    }
}
