package org.gantry.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class JobEndWaitsTest {

    private final JobEndWaits waits = new JobEndWaits();

    @Test
    void a_wait_completes_when_its_job_ends_and_not_before() {
        CompletableFuture<Void> end = waits.register("alice~train").orElseThrow();
        CompletableFuture<Void> other = waits.register("alice~other").orElseThrow();

        waits.onJobStateChanged(new JobStateChanged(1, "alice", "train", JobState.RUNNING));
        assertThat(end).isNotDone();

        waits.onJobStateChanged(new JobStateChanged(1, "alice", "train", JobState.FAILED));
        assertThat(end).isCompleted();
        assertThat(other).isNotDone();
    }

    @Test
    void released_waits_are_forgotten_and_their_number_is_bounded() {
        CompletableFuture<Void> end = waits.register("bob~a").orElseThrow();
        waits.release("bob~a", end);
        waits.release("bob~a", end);
        assertThat(waits.waiting()).isZero();

        for (int i = 0; i < JobEndWaits.MAX_WAITS; i++) {
            assertThat(waits.register("bob~job-" + i)).isPresent();
        }
        assertThat(waits.register("bob~one-too-many")).as("refused: the caller answers at once").isEmpty();
        assertThat(waits.waiting()).isEqualTo(JobEndWaits.MAX_WAITS);
    }

    @Test
    void a_long_poll_answers_with_the_status_made_after_the_end() throws Exception {
        String[] state = {"running"};
        CompletableFuture<String> answer = waits.statusAfterEnd("carol~train", () -> false, 3600, () -> state[0])
                .orElseThrow();
        assertThat(answer).isNotDone();

        state[0] = "failed";
        waits.onJobStateChanged(new JobStateChanged(1, "carol", "train", JobState.FAILED));
        assertThat(answer.get(1, TimeUnit.MINUTES)).isEqualTo("failed");
        assertThat(waits.waiting()).isZero();
    }

    @Test
    void a_long_poll_on_an_ended_job_is_answered_at_once_and_holds_nothing() {
        assertThat(waits.statusAfterEnd("carol~done", () -> true, 3600, () -> "ended")).isEmpty();
        assertThat(waits.waiting()).isZero();
    }
}
