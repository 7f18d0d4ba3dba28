package org.gantry.runtime.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalInt;
import org.gantry.runtime.reconcile.CompletionPolicy.Outcome;
import org.gantry.runtime.reconcile.CompletionPolicy.Role;
import org.gantry.runtime.reconcile.CompletionPolicy.Task;
import org.gantry.runtime.reconcile.CompletionPolicy.TaskState;
import org.junit.jupiter.api.Test;

class CompletionPolicyTest {

    private static final Role WORKERS = new Role("worker", 3, OptionalInt.of(1), OptionalInt.empty());

    @Test
    void by_default_one_failed_task_fails_the_job() {
        var verdict = CompletionPolicy.verdict(List.of(WORKERS), List.of(task(0, TaskState.SUCCEEDED),
                task(1, TaskState.FAILED), task(2, TaskState.RUNNING)));

        assertThat(verdict.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(verdict.reason()).hasValue("task role worker: 1 failed task(s) reached minFailedInstances 1");
    }

    @Test
    void by_default_the_job_succeeds_when_all_tasks_succeeded() {
        assertThat(CompletionPolicy.verdict(List.of(WORKERS), List.of(task(0, TaskState.SUCCEEDED),
                task(1, TaskState.SUCCEEDED), task(2, TaskState.RUNNING))).outcome()).isEqualTo(Outcome.CONTINUE);
        assertThat(CompletionPolicy.verdict(List.of(WORKERS), List.of(task(0, TaskState.SUCCEEDED),
                task(1, TaskState.SUCCEEDED), task(2, TaskState.SUCCEEDED))).outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void min_succeeded_instances_ends_the_job_early() {
        Role role = new Role("worker", 3, OptionalInt.of(3), OptionalInt.of(1));

        var verdict = CompletionPolicy.verdict(List.of(role), List.of(task(0, TaskState.FAILED),
                task(1, TaskState.SUCCEEDED), task(2, TaskState.RUNNING)));

        assertThat(verdict.outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    @Test
    void without_min_failed_instances_failures_never_fail_the_job() {
        Role tolerant = new Role("worker", 2, OptionalInt.empty(), OptionalInt.empty());

        var verdict = CompletionPolicy.verdict(List.of(tolerant), List.of(task(0, TaskState.FAILED),
                task(1, TaskState.FAILED)));

        assertThat(verdict.outcome()).isEqualTo(Outcome.SUCCEEDED);
    }

    private static Task task(int index, TaskState state) {
        return new Task("worker", index, state);
    }
}
