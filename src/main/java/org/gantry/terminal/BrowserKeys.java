package org.gantry.terminal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.stereotype.Component;

/**
 * Keys minted for one browser terminal connection each. A key is known only in memory,
 * for at most {@link TerminalProperties#BROWSER_KEY_TTL_MAX}, and is forgotten as soon as it has
 * opened its one connection.
 */
@Component
public class BrowserKeys {

    private final Map<String, Grant> grants = new ConcurrentHashMap<>();
    private final Clock clock;

    BrowserKeys(Clock clock) {
        this.clock = clock;
    }

    /** Lets the key with this fingerprint in as {@code username}, once, for {@code ttl}. */
    public void register(String fingerprint, String username, Duration ttl) {
        Duration capped = ttl.compareTo(TerminalProperties.BROWSER_KEY_TTL_MAX) > 0
                ? TerminalProperties.BROWSER_KEY_TTL_MAX : ttl;
        Instant now = clock.instant();
        grants.values().removeIf(grant -> grant.expired(now));
        grants.put(fingerprint, new Grant(username, now.plus(capped)));
    }

    /** The user the key was minted for, while it is still valid and unused. */
    public Optional<String> ownerOf(String fingerprint) {
        Grant grant = grants.get(fingerprint);
        if (grant == null || grant.expired(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(grant.username());
    }

    /** Spends the key: it opened its connection. */
    public void consume(String fingerprint) {
        grants.remove(fingerprint);
    }

    /** Forgets a key that was never used. */
    public void revoke(String fingerprint) {
        grants.remove(fingerprint);
    }

    private record Grant(String username, Instant expiresAt) {

        boolean expired(Instant now) {
            return !now.isBefore(expiresAt);
        }
    }
}
