package org.gantry.job.ui;

import static com.github.mvysny.kaributesting.v10.HasValueUtilsKt._setValue;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.github.mvysny.kaributesting.v10.MockVaadin;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Pre;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.job.TaskLogs;
import org.gantry.job.TaskStep;
import org.gantry.job.TaskStep.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Steps table of the job detail page, fed by a fixed {@link TaskLogs}. */
class StepPanelTest {

    private static final Instant T0 = Instant.parse("2026-05-01T10:00:00Z");

    private final List<TaskLogs.Attempt> asked = new ArrayList<>();
    private final List<StepPanel.Shown> shown = new ArrayList<>();
    private Optional<TaskLogs.Steps> answer = Optional.empty();

    @BeforeEach
    void setUp() {
        MockVaadin.setup();
    }

    @AfterEach
    void tearDown() {
        MockVaadin.tearDown();
    }

    private StepPanel panel() {
        StepPanel panel = new StepPanel(new FixedLogs(), shown::add);
        UI.getCurrent().add(panel);
        return panel;
    }

    private static TaskStep step(String name, Status status, Integer exit, long startMs, Long durationMs,
                                 List<String> stderr) {
        Optional<Instant> start = status == Status.SKIPPED || status == Status.NOT_STARTED ? Optional.empty()
                : Optional.of(T0.plusMillis(startMs));
        Optional<Duration> duration = Optional.ofNullable(durationMs).map(Duration::ofMillis);
        return new TaskStep(name, status, Optional.ofNullable(exit), start,
                duration.flatMap(d -> start.map(s -> s.plus(d))), duration, stderr);
    }

    @Test
    void each_step_shows_its_status_exit_code_and_duration_and_a_failed_step_its_stderr() {
        answer = Optional.of(new TaskLogs.Steps(List.of(
                step("env", Status.OK, 0, 0, 4L, List.of()),
                step("bash", Status.OK, 0, 4, 3200L, List.of()),
                step("callBefore", Status.FAILED, 1, 3204, 150L, List.of("cp: cannot stat 'data.tar'")),
                step("task", Status.SKIPPED, null, 0, null, List.of()),
                step("callAfter", Status.NOT_STARTED, null, 0, null, List.of())), true));

        StepPanel panel = panel();
        panel.show("alice", "train", "main", 0, 0, 0);

        assertThat(GridKt._size(panel.grid)).isEqualTo(5);
        assertThat(row(panel, 0)).containsExactly("env", "OK", "0", "0.0 s");
        assertThat(row(panel, 1)).containsExactly("bash", "OK", "0", "3.2 s");
        assertThat(row(panel, 2)).containsExactly("callBefore", "Failed", "1", "0.2 s");
        assertThat(row(panel, 3)).containsExactly("task", "Skipped", "—", "—");
        assertThat(row(panel, 4)).containsExactly("callAfter", "Not started", "—", "—");
        assertThat(GridKt._getCellComponent(panel.grid, 2, "status").getElement().getAttribute("data-status"))
                .isEqualTo("FAILED");
        assertThat(panel.failures.getChildren().count()).isEqualTo(1);
        Pre stderr = (Pre) panel.failures.getChildren().findFirst().orElseThrow().getChildren()
                .filter(Pre.class::isInstance).findFirst().orElseThrow();
        assertThat(stderr.getId()).hasValue("step-stderr-callBefore");
        assertThat(stderr.getText()).isEqualTo("cp: cannot stat 'data.tar'");
        assertThat(panel.attempt.isVisible()).isFalse();
        assertThat(shown).containsExactly(new StepPanel.Shown("main", 0, new TaskLogs.Attempt(0, 0)));
    }

    @Test
    void a_running_task_is_read_again_on_each_poll_until_its_attempt_ends() {
        answer = Optional.of(new TaskLogs.Steps(List.of(step("task", Status.RUNNING, null, 0, 1500L, List.of())),
                false));
        StepPanel panel = panel();
        panel.show("alice", "train", "main", 0, 0, 0);
        assertThat(row(panel, 0)).containsExactly("task", "Running", "—", "1.5 s");
        assertThat(panel.settled()).isFalse();

        answer = Optional.of(new TaskLogs.Steps(List.of(step("task", Status.OK, 0, 0, 2100L, List.of())), true));
        panel.poll();
        panel.poll();

        assertThat(row(panel, 0)).containsExactly("task", "OK", "0", "2.1 s");
        assertThat(asked).hasSize(2);
        assertThat(panel.settled()).isTrue();
    }

    @Test
    void a_retried_task_offers_its_attempts_and_follows_the_newest_until_one_is_picked() {
        answer = Optional.of(new TaskLogs.Steps(List.of(step("task", Status.FAILED, 3, 0, 10L, List.of())), true));
        StepPanel panel = panel();
        panel.show("alice", "train", "main", 1, 0, 1);
        assertThat(panel.attempt.isVisible()).isTrue();
        assertThat(asked).last().isEqualTo(new TaskLogs.Attempt(0, 1));

        _setValue(panel.attempt, 0);
        assertThat(asked).last().isEqualTo(new TaskLogs.Attempt(0, 0));
        assertThat(shown).last().isEqualTo(new StepPanel.Shown("main", 1, new TaskLogs.Attempt(0, 0)));

        panel.update(0, 2);  // another retry: the picked attempt stays
        assertThat(panel.attempt.getValue()).isZero();

        _setValue(panel.attempt, 2);
        panel.update(0, 3);  // following the newest again
        assertThat(panel.attempt.getValue()).isEqualTo(3);
        assertThat(asked).last().isEqualTo(new TaskLogs.Attempt(0, 3));
    }

    @Test
    void an_attempt_not_launched_yet_says_so() {
        StepPanel panel = panel();
        panel.show("alice", "train", "main", 0, 0, 0);

        assertThat(panel.message.isVisible()).isTrue();
        assertThat(panel.message.getText()).isEqualTo("The attempt has not started yet.");
        assertThat(panel.grid.isVisible()).isFalse();
        assertThat(panel.settled()).as("a finished job's attempt that never launched will not change").isTrue();
    }

    private static List<String> row(StepPanel panel, int index) {
        return List.of(GridKt._getFormatted(panel.grid, index, "step"),
                GridKt._getCellComponent(panel.grid, index, "status").getElement().getText(),
                GridKt._getFormatted(panel.grid, index, "exitCode"),
                GridKt._getFormatted(panel.grid, index, "duration"));
    }

    /** Answers every read with {@link #answer} and records which attempt was asked for. */
    private final class FixedLogs implements TaskLogs {

        @Override
        public boolean launched(String owner, String job, String role, int index, Attempt attempt) {
            return true;
        }

        @Override
        public Optional<Chunk> read(String owner, String job, String role, int index, Optional<Attempt> attempt,
                                    Stream stream, long offset, Optional<Integer> tailBytes, int limit) {
            return Optional.empty();
        }

        @Override
        public Optional<Steps> steps(String owner, String job, String role, int index, Optional<Attempt> attempt) {
            asked.add(attempt.orElseThrow());
            return answer;
        }
    }
}
