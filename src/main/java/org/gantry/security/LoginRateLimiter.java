package org.gantry.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Counts failed password logins per account and per client address in a sliding window:
 * after {@link #MAX_FAILURES} failures within {@link #WINDOW}, further attempts from that
 * address or for that account are refused until the oldest failure leaves the window.
 * In memory: a restart forgets, which only ever lets a guesser start over at zero.
 */
@Component
public class LoginRateLimiter {

    public static final int MAX_FAILURES = 10;
    public static final Duration WINDOW = Duration.ofMinutes(5);
    /** Bounds memory when many addresses or names are tried; the oldest keys are dropped. */
    private static final int MAX_KEYS = 100_000;

    private final Map<String, Deque<Instant>> failures = new ConcurrentHashMap<>();
    private final Clock clock;

    LoginRateLimiter(Clock clock) {
        this.clock = clock;
    }

    /** How long the caller must wait before trying again, when blocked. */
    public Optional<Duration> blockedFor(String username, String address) {
        Instant now = clock.instant();
        return max(retryAfter("user:" + username, now), retryAfter("addr:" + address, now));
    }

    /** A wait as whole seconds to tell a person or client, rounded up so that trying then succeeds. */
    public static long waitSeconds(Duration wait) {
        return Math.max(1, wait.toSeconds() + 1);
    }

    public void recordFailure(String username, String address) {
        if (failures.size() > MAX_KEYS) {
            prune();
        }
        Instant now = clock.instant();
        for (String key : new String[] {"user:" + username, "addr:" + address}) {
            Deque<Instant> times = failures.computeIfAbsent(key, k -> new ArrayDeque<>());
            synchronized (times) {
                times.addLast(now);
                while (times.size() > MAX_FAILURES) {
                    times.removeFirst();
                }
            }
        }
    }

    /** A success clears the account's count, not the address's: one good password must not unlock guessing others. */
    public void recordSuccess(String username) {
        failures.remove("user:" + username);
    }

    private Optional<Duration> retryAfter(String key, Instant now) {
        Deque<Instant> times = failures.get(key);
        if (times == null) {
            return Optional.empty();
        }
        synchronized (times) {
            if (times.size() < MAX_FAILURES) {
                return Optional.empty();
            }
            Instant freeAt = times.peekFirst().plus(WINDOW);
            return freeAt.isAfter(now) ? Optional.of(Duration.between(now, freeAt)) : Optional.empty();
        }
    }

    private static Optional<Duration> max(Optional<Duration> a, Optional<Duration> b) {
        if (a.isEmpty()) {
            return b;
        }
        return b.isEmpty() || a.get().compareTo(b.get()) >= 0 ? a : b;
    }

    @Scheduled(fixedDelay = 60_000)
    void prune() {
        Instant cutoff = clock.instant().minus(WINDOW);
        failures.entrySet().removeIf(entry -> {
            synchronized (entry.getValue()) {
                return entry.getValue().isEmpty() || entry.getValue().peekLast().isBefore(cutoff);
            }
        });
    }
}
