package org.gantry.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class LoginRateLimiterTest {

    private final MutableClock clock = new MutableClock();
    private final LoginRateLimiter limiter = new LoginRateLimiter(clock);

    @Test
    void ten_failures_for_an_account_block_it_from_every_address_until_the_window_passes() {
        for (int i = 0; i < LoginRateLimiter.MAX_FAILURES - 1; i++) {
            limiter.recordFailure("alice", "10.0.0." + i);
        }
        assertThat(limiter.blockedFor("alice", "192.0.2.1")).isEmpty();
        limiter.recordFailure("alice", "10.0.0.99");

        assertThat(limiter.blockedFor("alice", "192.0.2.1")).contains(LoginRateLimiter.WINDOW);
        assertThat(limiter.blockedFor("bob", "192.0.2.1")).isEmpty();
        clock.advance(Duration.ofMinutes(4));
        assertThat(limiter.blockedFor("alice", "192.0.2.1")).contains(Duration.ofMinutes(1));
        clock.advance(Duration.ofMinutes(1));
        assertThat(limiter.blockedFor("alice", "192.0.2.1")).isEmpty();
    }

    @Test
    void ten_failures_from_an_address_block_it_for_every_account() {
        for (int i = 0; i < LoginRateLimiter.MAX_FAILURES; i++) {
            limiter.recordFailure("user" + i, "198.51.100.7");
        }
        assertThat(limiter.blockedFor("someone-new", "198.51.100.7")).isPresent();
        assertThat(limiter.blockedFor("someone-new", "198.51.100.8")).isEmpty();
    }

    @Test
    void a_success_clears_the_account_but_not_the_address() {
        for (int i = 0; i < LoginRateLimiter.MAX_FAILURES; i++) {
            limiter.recordFailure("carol", "203.0.113.5");
        }
        limiter.recordSuccess("carol");
        assertThat(limiter.blockedFor("carol", "203.0.113.6")).isEmpty();
        assertThat(limiter.blockedFor("carol", "203.0.113.5")).isPresent();
    }

    @Test
    void old_failures_are_pruned() {
        limiter.recordFailure("dave", "203.0.113.9");
        clock.advance(LoginRateLimiter.WINDOW.plusSeconds(1));
        limiter.prune();
        for (int i = 0; i < LoginRateLimiter.MAX_FAILURES - 1; i++) {
            limiter.recordFailure("dave", "203.0.113.9");
        }
        assertThat(limiter.blockedFor("dave", "203.0.113.9")).isEmpty();
    }

    private static final class MutableClock extends Clock {
        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }
}
