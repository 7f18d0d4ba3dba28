package org.gantry.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Issues, checks and revokes REST bearer tokens. A token is shown once, when issued. */
@Service
public class TokenService {

    /** How long a token from a password login stays valid. */
    public static final Duration SESSION_TTL = Duration.ofDays(7);

    private final ApiTokenRepository tokens;
    private final UserAccountRepository users;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    TokenService(ApiTokenRepository tokens, UserAccountRepository users, Clock clock) {
        this.tokens = tokens;
        this.users = users;
        this.clock = clock;
    }

    /** A new token for the user; the returned string is the only copy of its secret. */
    @Transactional
    public IssuedToken issue(String username, ApiToken.Kind kind, String label, Optional<Duration> ttl) {
        UserAccount user = users.findByUsername(username)
                .filter(UserAccount::isEnabled)
                .orElseThrow(() -> new IllegalArgumentException("No enabled user " + username));
        byte[] secret = new byte[32];
        random.nextBytes(secret);
        String raw = Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
        Instant now = clock.instant();
        ApiToken token = tokens.save(new ApiToken(user, hash(raw), kind, label, now, ttl.map(now::plus).orElse(null)));
        return new IssuedToken(raw, token);
    }

    /** The token's account when the token is known, unexpired, unrevoked and its user enabled. */
    @Transactional
    public Optional<UserAccount> authenticate(String raw) {
        Instant now = clock.instant();
        return tokens.findByTokenHash(hash(raw))
                .filter(t -> t.isUsableAt(now))
                .map(t -> {
                    t.setLastUsedAt(now);
                    return t.getUser();
                });
    }

    /** Revokes the given token; true when it belonged to the user and was active. */
    @Transactional
    public boolean revoke(String username, String raw) {
        return tokens.findByTokenHash(hash(raw))
                .filter(t -> t.getUser().getUsername().equals(username) && !t.isRevoked())
                .map(t -> {
                    t.revoke(clock.instant());
                    return true;
                })
                .orElse(false);
    }

    @Transactional
    public boolean revokeById(String username, long id) {
        return tokens.findById(id)
                .filter(t -> t.getUser().getUsername().equals(username) && !t.isRevoked())
                .map(t -> {
                    t.revoke(clock.instant());
                    return true;
                })
                .orElse(false);
    }

    @Transactional(readOnly = true)
    public List<ApiToken> activeTokens(String username) {
        return users.findByUsername(username)
                .map(tokens::findByUserAndRevokedAtIsNullOrderByCreatedAtDesc)
                .orElse(List.of());
    }

    static String hash(String raw) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(raw.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A freshly issued token: {@code value} is the bearer string. */
    public record IssuedToken(String value, ApiToken token) {
    }
}
