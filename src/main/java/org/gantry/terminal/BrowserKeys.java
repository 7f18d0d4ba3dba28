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

    /**
     * Lets the key with this fingerprint in as {@code username}, once, for {@code ttl}.
     *
     * @param clientAddress the browser's address, recorded in the audit instead of the loopback
     *     address the gateway sees
     */
    public void register(String fingerprint, String username, String clientAddress, Duration ttl) {
        Duration capped = ttl.compareTo(TerminalProperties.BROWSER_KEY_TTL_MAX) > 0
                ? TerminalProperties.BROWSER_KEY_TTL_MAX : ttl;
        Instant now = clock.instant();
        grants.values().removeIf(grant -> grant.expired(now));
        grants.put(fingerprint, new Grant(username, clientAddress, now.plus(capped)));
    }

    /** Whom the key was minted for, while it is still valid and unused. */
    public Optional<Grant> find(String fingerprint) {
        Grant grant = grants.get(fingerprint);
        if (grant == null || grant.expired(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(grant);
    }

    /** Spends the key: it opened its connection. */
    public void consume(String fingerprint) {
        grants.remove(fingerprint);
    }

    /** Forgets a key that was never used. */
    public void revoke(String fingerprint) {
        grants.remove(fingerprint);
    }

    /** A browser key's owner and the browser's address. */
    public record Grant(String username, String clientAddress, Instant expiresAt) {

        boolean expired(Instant now) {
            return !now.isBefore(expiresAt);
        }
    }
}
