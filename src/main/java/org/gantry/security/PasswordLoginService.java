package org.gantry.security;

import java.time.Duration;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** OpenPAI's basic login: a password for a bearer token, rate-limited per account and address. */
@Service
public class PasswordLoginService {

    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");
    public static final Duration MIN_TTL = Duration.ofMinutes(1);

    private final UserAccountRepository users;
    private final PasswordEncoder passwordEncoder;
    private final TokenService tokens;
    private final LoginRateLimiter limiter;
    /** Compared against for unknown users so that a miss takes as long as a wrong password. */
    private final String dummyHash;

    PasswordLoginService(UserAccountRepository users, PasswordEncoder passwordEncoder, TokenService tokens,
                         LoginRateLimiter limiter) {
        this.users = users;
        this.passwordEncoder = passwordEncoder;
        this.tokens = tokens;
        this.limiter = limiter;
        this.dummyHash = passwordEncoder.encode("not-a-password-anyone-has");
    }

    /**
     * A session token valid for {@code expiration} (clamped to between a minute and
     * {@link TokenService#SESSION_TTL}). Throws {@link LoginRefusedException}.
     */
    @Transactional
    public LoginResult login(String username, String password, Optional<Duration> expiration, String address) {
        String name = username == null ? "" : username;
        Optional<Duration> blocked = limiter.blockedFor(name, address);
        if (blocked.isPresent()) {
            audit.warn("Login for user '{}' from {} refused: too many failures", AuthenticationAuditListener.sanitize(name),
                    address);
            throw new LoginRefusedException(LoginRefusedException.Reason.TOO_MANY_ATTEMPTS, blocked);
        }
        Optional<UserAccount> account = users.findByUsername(name);
        boolean matches = passwordEncoder.matches(password == null ? "" : password,
                account.map(UserAccount::getPasswordHash).orElse(dummyHash));
        if (account.isEmpty() || !matches || !account.get().isEnabled()) {
            limiter.recordFailure(name, address);
            audit.warn("Login failed for user '{}' from {} (REST)", AuthenticationAuditListener.sanitize(name), address);
            throw new LoginRefusedException(LoginRefusedException.Reason.BAD_CREDENTIALS, Optional.empty());
        }
        limiter.recordSuccess(name);
        Duration ttl = expiration.map(e -> e.compareTo(MIN_TTL) < 0 ? MIN_TTL : e)
                .map(e -> e.compareTo(TokenService.SESSION_TTL) > 0 ? TokenService.SESSION_TTL : e)
                .orElse(TokenService.SESSION_TTL);
        TokenService.IssuedToken issued = tokens.issue(name, ApiToken.Kind.SESSION, "login from " + address,
                Optional.of(ttl));
        audit.info("Login of user '{}' from {} (REST)", name, address);
        return new LoginResult(issued.value(), name, account.get().isAdmin());
    }

    public record LoginResult(String token, String username, boolean admin) {
    }
}
