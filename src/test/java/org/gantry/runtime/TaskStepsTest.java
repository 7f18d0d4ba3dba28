package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.gantry.deps.DepsStep;
import org.gantry.deps.StepResult;
import org.gantry.deps.StepResults;
import org.gantry.job.TaskStep;
import org.gantry.job.TaskStep.Status;
import org.junit.jupiter.api.Test;

class TaskStepsTest {

    private static final List<DepsStep> PLANNED = List.of(DepsStep.ENV, DepsStep.BASH, DepsStep.CALL_BEFORE,
            DepsStep.TASK, DepsStep.CALL_AFTER);
    private static final Instant NOW = Instant.ofEpochMilli(10_000);

    private static StepResults recorded(String... lines) {
        return StepResults.parse(String.join("\n", lines),
                r -> r.status() == StepResult.Status.FAILED ? List.of("boom") : List.of());
    }

    @Test
    void a_failed_dependency_step_shows_its_exit_code_duration_and_stderr_and_the_task_as_skipped() {
        StepResults steps = recorded("env\tok\t0\t1000\t1001", "bash\tok\t0\t1001\t1400",
                "callBefore\tfailed\t1\t1400\t4600", "task\tskipped\t\t\t", "callAfter\tok\t0\t4600\t4700");

        List<TaskStep> shown = TaskSteps.of(PLANNED, steps, true, Optional.of(NOW), NOW);

        assertThat(shown).extracting(TaskStep::name, TaskStep::status, TaskStep::exitCode, TaskStep::duration)
                .containsExactly(
                        tuple("env", Status.OK, Optional.of(0), Optional.of(Duration.ofMillis(1))),
                        tuple("bash", Status.OK, Optional.of(0), Optional.of(Duration.ofMillis(399))),
                        tuple("callBefore", Status.FAILED, Optional.of(1), Optional.of(Duration.ofMillis(3200))),
                        tuple("task", Status.SKIPPED, Optional.empty(), Optional.empty()),
                        tuple("callAfter", Status.OK, Optional.of(0), Optional.of(Duration.ofMillis(100))));
        assertThat(shown.get(2).stderrTail()).containsExactly("boom");
        assertThat(shown.get(2).startedAt()).hasValue(Instant.ofEpochMilli(1400));
        assertThat(shown.get(2).endedAt()).hasValue(Instant.ofEpochMilli(4600));
    }

    @Test
    void a_running_step_shows_the_time_since_it_started_and_later_steps_are_not_started() {
        StepResults steps = recorded("env\tok\t0\t1000\t1001", "bash\trunning\t\t2500\t");

        List<TaskStep> shown = TaskSteps.of(PLANNED, steps, false, Optional.empty(), NOW);

        assertThat(shown).extracting(TaskStep::name, TaskStep::status).containsExactly(
                tuple("env", Status.OK), tuple("bash", Status.RUNNING), tuple("callBefore", Status.NOT_STARTED),
                tuple("task", Status.NOT_STARTED), tuple("callAfter", Status.NOT_STARTED));
        assertThat(shown.get(1).duration()).hasValue(Duration.ofMillis(7500));
        assertThat(shown.get(1).exitCode()).isEmpty();
        assertThat(shown.get(1).endedAt()).isEmpty();
    }

    @Test
    void a_step_left_open_by_an_ended_attempt_was_interrupted_when_the_attempt_ended() {
        StepResults steps = recorded("task\trunning\t\t1000\t");

        TaskStep task = TaskSteps.of(List.of(DepsStep.TASK), steps, true, Optional.of(Instant.ofEpochMilli(4000)),
                NOW).get(0);

        assertThat(task.status()).isEqualTo(Status.INTERRUPTED);
        assertThat(task.duration()).hasValue(Duration.ofSeconds(3));
    }

    @Test
    void a_task_clock_ahead_of_gantrys_never_gives_a_negative_time() {
        StepResults steps = recorded("task\trunning\t\t20000\t");

        assertThat(TaskSteps.of(List.of(), steps, false, Optional.empty(), NOW).get(0).duration())
                .hasValue(Duration.ZERO);
    }

    @Test
    void without_a_readable_script_the_recorded_steps_are_listed_and_before_any_record_the_planned_ones() {
        assertThat(TaskSteps.of(List.of(), recorded("task\tok\t0\t1\t2"), true, Optional.empty(), NOW))
                .extracting(TaskStep::name).containsExactly("task");
        assertThat(TaskSteps.of(PLANNED, recorded(), false, Optional.empty(), NOW))
                .extracting(TaskStep::status).containsOnly(Status.NOT_STARTED).hasSize(5);
    }

    @Test
    void stderr_is_read_for_failed_steps_and_for_steps_cut_off_by_the_attempts_end_but_never_for_the_task() {
        StepResult failedPip = recorded("pip\tfailed\t1\t0\t1").steps().get(0);
        StepResult runningPip = recorded("pip\trunning\t\t0\t").steps().get(0);
        StepResult failedTask = recorded("task\tfailed\t2\t0\t1").steps().get(0);

        assertThat(TaskSteps.wantsStderr(failedPip, false)).isTrue();
        assertThat(TaskSteps.wantsStderr(runningPip, false)).isFalse();
        assertThat(TaskSteps.wantsStderr(runningPip, true)).isTrue();
        assertThat(TaskSteps.wantsStderr(failedTask, true)).isFalse();
    }
}
