package org.gantry.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import org.gantry.base.domain.AbstractEntity;

/** A bearer token for the REST API; only its SHA-256 hash is stored. */
@Entity
@Table(name = "api_token")
public class ApiToken extends AbstractEntity {

    public enum Kind { SESSION, APPLICATION }

    public static final int LABEL_MAX = 255;

    @ManyToOne(fetch = FetchType.EAGER, optional = false)
    @JoinColumn(name = "user_id")
    private UserAccount user;

    @Column(name = "token_hash", nullable = false, unique = true, length = 64)
    private String tokenHash;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Kind kind;

    @Column(nullable = false, length = LABEL_MAX)
    private String label = "";

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Column(name = "expires_at")
    private Instant expiresAt;

    @Column(name = "last_used_at")
    private Instant lastUsedAt;

    @Column(name = "revoked_at")
    private Instant revokedAt;

    protected ApiToken() {
    }

    ApiToken(UserAccount user, String tokenHash, Kind kind, String label, Instant createdAt, Instant expiresAt) {
        this.user = user;
        this.tokenHash = tokenHash;
        this.kind = kind;
        this.label = label;
        this.createdAt = createdAt;
        this.expiresAt = expiresAt;
    }

    public UserAccount getUser() {
        return user;
    }

    public Kind getKind() {
        return kind;
    }

    public String getLabel() {
        return label;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public Optional<Instant> getExpiresAt() {
        return Optional.ofNullable(expiresAt);
    }

    public Optional<Instant> getLastUsedAt() {
        return Optional.ofNullable(lastUsedAt);
    }

    public boolean isRevoked() {
        return revokedAt != null;
    }

    void revoke(Instant at) {
        this.revokedAt = at;
    }

    String getTokenHash() {
        return tokenHash;
    }

    public boolean isUsableAt(Instant now) {
        return isUsable(revokedAt, expiresAt, user.isEnabled(), now);
    }

    /** Unrevoked, unexpired at {@code now}, and its user enabled: a token that authenticates. */
    static boolean isUsable(Instant revokedAt, Instant expiresAt, boolean userEnabled, Instant now) {
        return revokedAt == null && (expiresAt == null || expiresAt.isAfter(now)) && userEnabled;
    }
}
