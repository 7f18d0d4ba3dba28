package org.gantry.runtime.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class LaunchBackoffTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-12-03T12:00:00Z"), ZoneOffset.UTC);
    private final LaunchBackoff backoff = new LaunchBackoff(clock);

    @Test
    void a_task_fails_after_five_launches_in_a_row_that_never_started() {
        for (int i = 1; i < LaunchBackoff.MAX_FAILURES; i++) {
            assertThat(backoff.failed(7, "never started")).as("failure %d", i).isFalse();
        }
        assertThat(backoff.failed(7, "never started")).isTrue();
    }

    // Bug: on the SSH link-cut fault run, 14 of 1,230 jobs failed: each cut of the link met a
    // launch of theirs ("Connection refused"), and five cuts used up their five launches
    @Test
    void launches_that_found_the_target_unreachable_do_not_count() {
        for (int i = 0; i < 3 * LaunchBackoff.MAX_FAILURES; i++) {
            backoff.unreachable(7);
            assertThat(backoff.failed(7, "never started: Connection refused")).isFalse();
        }
        assertThat(backoff.mayLaunch(7)).as("a second after the target answered").isFalse();
        for (int i = 1; i < LaunchBackoff.MAX_FAILURES; i++) {
            assertThat(backoff.failed(7, "never started")).isFalse();
        }
        assertThat(backoff.failed(7, "never started")).as("the launches that did reach the target count").isTrue();
    }

    @Test
    void a_launch_that_started_clears_an_unreachable_mark() {
        backoff.unreachable(7);
        backoff.launched(7);
        for (int i = 1; i < LaunchBackoff.MAX_FAILURES; i++) {
            backoff.failed(7, "never started");
        }
        assertThat(backoff.failed(7, "never started")).isTrue();
    }
}
