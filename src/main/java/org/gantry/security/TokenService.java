package org.gantry.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Issues, checks and revokes REST bearer tokens. A token is shown once, when issued. */
@Service
public class TokenService {

    /**
     * How a listed token is named, since only hashes are stored: the REST token list returns
     * these in place of the raw tokens, and revoking accepts either (docs/decisions/0003-rest-api-v2.md).
     */
    public static final String HANDLE_PREFIX = "token-id-";
    /**
     * How every issued token begins: it names the token's origin to secret scanners, and a token
     * never begins with '-', which command lines (OpenPAI's {@code pai addc} among them) read as an option.
     */
    static final String TOKEN_PREFIX = "gty_";
    /** Last use is recorded at most this often, so that each request is not also a write. */
    static final Duration LAST_USE_RESOLUTION = Duration.ofMinutes(1);

    /** How long a token from a password login stays valid. */
    public static final Duration SESSION_TTL = Duration.ofDays(7);

    private final ApiTokenRepository tokens;
    private final UserAccountRepository users;
    private final JdbcTemplate jdbc;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    TokenService(ApiTokenRepository tokens, UserAccountRepository users, JdbcTemplate jdbc, Clock clock) {
        this.tokens = tokens;
        this.users = users;
        this.jdbc = jdbc;
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
        String raw = raw(secret);
        Instant now = clock.instant();
        ApiToken token = tokens.save(new ApiToken(user, hash(raw), kind, label, now, ttl.map(now::plus).orElse(null)));
        return new IssuedToken(raw, token);
    }

    static String raw(byte[] secret) {
        return TOKEN_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    /**
     * What the token stands for, when it is known, unexpired, unrevoked and its user enabled.
     * Its kind says what it may do ({@link ApplicationTokenScope}).
     */
    public Optional<PresentedToken> authenticate(String raw) {
        Instant now = clock.instant();
        Optional<PresentedToken> token = jdbc.query(PRESENTED, (rs, row) -> new PresentedToken(rs.getLong("id"),
                ApiToken.Kind.valueOf(rs.getString("kind")), instant(rs.getTimestamp("expires_at")),
                instant(rs.getTimestamp("last_used_at")), instant(rs.getTimestamp("revoked_at")),
                rs.getString("username"), rs.getBoolean("enabled"), Role.valueOf(rs.getString("role"))), hash(raw))
                .stream().findFirst().filter(t -> t.isUsableAt(now));
        token.filter(t -> t.lastUsedAt() == null || t.lastUsedAt().isBefore(now.minus(LAST_USE_RESOLUTION)))
                .ifPresent(t -> jdbc.update("update api_token set last_used_at = ? where id = ?", Timestamp.from(now),
                        t.id()));
        return token;
    }

    /**
     * What a REST call's authentication reads: one row in one statement, outside any transaction
     * and entity session (every REST call runs it; through JPA its session and transaction cost
     * more than the statement).
     */
    private static final String PRESENTED = "select t.id, t.kind, t.expires_at, t.last_used_at, t.revoked_at,"
            + " u.username, u.enabled, u.role from api_token t join app_user u on u.id = t.user_id"
            + " where t.token_hash = ?";

    private static Instant instant(Timestamp at) {
        return at == null ? null : at.toInstant();
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

    /** Revokes one of the user's tokens named by its raw value or by its {@link #handle(ApiToken) handle}. */
    @Transactional
    public boolean revokeByValueOrHandle(String username, String valueOrHandle) {
        if (valueOrHandle.startsWith(HANDLE_PREFIX)) {
            try {
                return revokeById(username, Long.parseLong(valueOrHandle.substring(HANDLE_PREFIX.length())));
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return revoke(username, valueOrHandle);
    }

    public static String handle(ApiToken token) {
        return HANDLE_PREFIX + token.getId();
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

    /** The user's unrevoked tokens, newest first, including expired ones until they are revoked. */
    @Transactional(readOnly = true)
    public List<ApiToken> activeTokens(String username) {
        return users.findByUsername(username)
                .map(tokens::findByUserAndRevokedAtIsNullOrderByCreatedAtDesc)
                .orElse(List.of());
    }

    /** The user's tokens that still authenticate, newest first. */
    @Transactional(readOnly = true)
    public List<ApiToken> usableTokens(String username) {
        Instant now = clock.instant();
        return activeTokens(username).stream().filter(t -> t.isUsableAt(now)).toList();
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
