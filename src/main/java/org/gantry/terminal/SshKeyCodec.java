package org.gantry.terminal;

/**
 * Reads, fingerprints and makes OpenSSH keys. Implemented by the SSH adapter so that only it
 * touches the SSH library.
 */
public interface SshKeyCodec {

    /**
     * Reads one public key as written in {@code authorized_keys} or a {@code .pub} file
     * ({@code type base64 [comment]}), refusing types and sizes the gateway does not accept.
     *
     * @throws IllegalArgumentException with a message for the person who pasted it
     */
    PublicKeyInfo parse(String publicKeyLine);

    /** A fresh key pair; the private key exists only in the returned value. */
    GeneratedKeyPair generate(KeyKind kind, String comment);

    enum KeyKind {
        ED25519,
        RSA
    }

    /**
     * @param type the key type, e.g. {@code ssh-ed25519}
     * @param openSsh type and base64 blob, without comment
     * @param fingerprint OpenSSH's {@code SHA256:…} fingerprint
     * @param comment the comment that followed the key, or ""
     */
    record PublicKeyInfo(String type, String openSsh, String fingerprint, String comment) {
    }

    /**
     * @param publicKey the public half
     * @param privateKeyOpenSsh the private half in OpenSSH's unencrypted PEM format
     *     ({@code -----BEGIN OPENSSH PRIVATE KEY-----}), as {@code ssh -i} reads it
     */
    record GeneratedKeyPair(PublicKeyInfo publicKey, String privateKeyOpenSsh) {

        @Override
        public String toString() {
            return "GeneratedKeyPair[" + publicKey.fingerprint() + "]";
        }
    }
}
