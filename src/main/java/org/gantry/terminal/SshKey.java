package org.gantry.terminal;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import org.gantry.base.domain.AbstractEntity;
import org.gantry.security.UserAccount;

/** A public key that lets its user into the SSH gateway. */
@Entity
@Table(name = "user_ssh_key")
public class SshKey extends AbstractEntity {

    public static final int NAME_MAX = 64;
    public static final String NAME_PATTERN = "[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}";
    public static final int PUBLIC_KEY_MAX = 16384;

    @ManyToOne(fetch = FetchType.EAGER, optional = false)
    @JoinColumn(name = "user_id")
    private UserAccount user;

    @Column(nullable = false, length = NAME_MAX)
    private String name;

    @Column(name = "key_type", nullable = false, length = 64)
    private String keyType;

    @Column(name = "public_key", nullable = false, length = PUBLIC_KEY_MAX)
    private String publicKey;

    @Column(nullable = false, unique = true, length = 64)
    private String fingerprint;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "last_used_at")
    private Instant lastUsedAt;

    protected SshKey() {
    }

    SshKey(UserAccount user, String name, SshKeyCodec.PublicKeyInfo key, Instant createdAt) {
        this.user = user;
        this.name = name;
        this.keyType = key.type();
        this.publicKey = key.openSsh();
        this.fingerprint = key.fingerprint();
        this.createdAt = createdAt;
    }

    public String getUsername() {
        return user.getUsername();
    }

    public String getName() {
        return name;
    }

    public String getKeyType() {
        return keyType;
    }

    /** The key in OpenSSH's one-line form ({@code ssh-ed25519 AAAA…}), without comment. */
    public String getPublicKey() {
        return publicKey;
    }

    /** OpenSSH's fingerprint, {@code SHA256:…}. */
    public String getFingerprint() {
        return fingerprint;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public Optional<Instant> getLastUsedAt() {
        return Optional.ofNullable(lastUsedAt);
    }

    void setLastUsedAt(Instant lastUsedAt) {
        this.lastUsedAt = lastUsedAt;
    }
}
