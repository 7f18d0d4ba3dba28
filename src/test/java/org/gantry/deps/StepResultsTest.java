package org.gantry.deps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.gantry.deps.StepResult.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StepResultsTest {

    @TempDir
    Path taskDir;

    private Path status() throws IOException {
        return Files.createDirectories(taskDir.resolve(".gantry"));
    }

    private void tsv(String... lines) throws IOException {
        Files.writeString(status().resolve("steps.tsv"), String.join("\n", lines) + "\n");
    }

    @Test
    void a_failed_dependency_step_gives_the_message_with_its_last_stderr_lines() throws IOException {
        tsv("env\trunning\t\t1000\t", "env\tok\t0\t1000\t1004",
                "pip\trunning\t\t1004\t", "pip\tfailed\t1\t1004\t4204",
                "callBefore\tskipped\t\t\t", "task\tskipped\t\t\t");
        Files.writeString(status().resolve("step-pip.stderr"),
                "Looking in links: /wheels\n\nERROR: No matching distribution found for nope==1.0\n");

        StepResults results = StepResults.read(taskDir, ".gantry");

        assertThat(results.failureMessage()).hasValue("dependency step `pip` failed (exit 1) after 3.2 s\n"
                + "Looking in links: /wheels\nERROR: No matching distribution found for nope==1.0");
        assertThat(results.steps()).extracting(StepResult::step, StepResult::status).containsExactly(
                tuple(DepsStep.ENV, Status.OK),
                tuple(DepsStep.PIP, Status.FAILED),
                tuple(DepsStep.CALL_BEFORE, Status.SKIPPED),
                tuple(DepsStep.TASK, Status.SKIPPED));
        assertThat(results.step(DepsStep.PIP).orElseThrow().duration()).hasValue(Duration.ofMillis(3200));
        assertThat(results.step(DepsStep.TASK).orElseThrow().exitCode()).isEmpty();
    }

    @Test
    void a_step_that_started_and_never_ended_is_running() throws IOException {
        tsv("bash\tok\t0\t1\t2", "conda\trunning\t\t2\t");

        StepResults results = StepResults.read(taskDir, ".gantry");

        assertThat(results.step(DepsStep.CONDA).orElseThrow()).satisfies(s -> {
            assertThat(s.status()).isEqualTo(Status.RUNNING);
            assertThat(s.exitCode()).isEmpty();
            assertThat(s.duration()).isEmpty();
        });
        assertThat(results.failureMessage()).isEmpty();
    }

    @Test
    void only_the_last_lines_of_a_long_stderr_are_kept() throws IOException {
        tsv("bash\tfailed\t2\t0\t100");
        String stderr = IntStream.rangeClosed(1, 5000).mapToObj(i -> "line " + i)
                .collect(Collectors.joining("\n", "", "\n"));
        Files.writeString(status().resolve("step-bash.stderr"), stderr);

        StepResult bash = StepResults.read(status(), 3).step(DepsStep.BASH).orElseThrow();

        assertThat(bash.stderrTail()).containsExactly("line 4998", "line 4999", "line 5000");
        assertThat(bash.failureMessage()).isEqualTo(
                "dependency step `bash` failed (exit 2) after 0.1 s\nline 4998\nline 4999\nline 5000");
    }

    @Test
    void unknown_and_torn_lines_are_ignored() throws IOException {
        tsv("future-step\tok\t0\t1\t2", "bash\tbogus\t0\t1\t2", "task\tok\t0\t5", "garbage");

        StepResults results = StepResults.read(taskDir, ".gantry");

        assertThat(results.steps()).singleElement().satisfies(s -> {
            assertThat(s.step()).isEqualTo(DepsStep.TASK);
            assertThat(s.duration()).isEmpty();
        });
    }

    @Test
    void a_failed_call_after_is_reported_apart_from_the_task() throws IOException {
        tsv("task\tok\t0\t0\t10", "callAfter\tfailed\t4\t10\t60");

        StepResults results = StepResults.read(taskDir, ".gantry");

        assertThat(results.failureMessage()).isEmpty();
        assertThat(results.callAfterFailure()).hasValue("step `callAfter` failed (exit 4) after 0.1 s");
    }

    @Test
    void a_script_that_never_started_has_no_steps() {
        assertThat(StepResults.read(taskDir, ".gantry").steps()).isEmpty();
    }

    @Test
    void step_names_round_trip_and_only_steps_before_the_task_are_dependencies() {
        assertThat(List.of(DepsStep.values())).allSatisfy(s ->
                assertThat(DepsStep.fromStepName(s.stepName())).hasValue(s));
        assertThat(List.of(DepsStep.values())).filteredOn(DepsStep::isDependency).containsExactly(
                DepsStep.ENV, DepsStep.BASH, DepsStep.MODULE, DepsStep.CONDA, DepsStep.PIP, DepsStep.CALL_BEFORE);
    }

    @Test
    void steps_parsed_from_text_carry_their_start_and_only_the_stderr_asked_for() {
        String tsv = "env\trunning\t\t1000\t\nenv\tok\t0\t1000\t1004\n"
                + "callBefore\trunning\t\t1004\t\ncallBefore\tfailed\t1\t1004\t4204\ntask\tskipped\t\t\t\n";

        StepResults results = StepResults.parse(tsv,
                r -> r.status() == Status.FAILED ? List.of("no such file") : List.of());

        assertThat(results.steps()).extracting(StepResult::step, StepResult::started, StepResult::stderrTail)
                .containsExactly(
                        tuple(DepsStep.ENV, Optional.of(Instant.ofEpochMilli(1000)), List.of()),
                        tuple(DepsStep.CALL_BEFORE, Optional.of(Instant.ofEpochMilli(1004)), List.of("no such file")),
                        tuple(DepsStep.TASK, Optional.empty(), List.of()));
        assertThat(results.failureMessage()).hasValue(
                "dependency step `callBefore` failed (exit 1) after 3.2 s\nno such file");
    }

    @Test
    void the_planned_steps_are_read_from_the_rendered_script() {
        Deps deps = new Deps(Map.of("A", "1"), List.of("true"), List.of(), Optional.empty(), Optional.empty(),
                List.of("false"), List.of("echo done"));
        String script = new TaskScriptRenderer().render(TaskScriptRequest.builder("/cache").deps(deps)
                .commands(List.of("echo hi")).build());

        assertThat(StepResults.plannedSteps(script.substring(0, Math.min(script.length(), 8192))))
                .containsExactly(DepsStep.ENV, DepsStep.BASH, DepsStep.CALL_BEFORE, DepsStep.TASK, DepsStep.CALL_AFTER);
        assertThat(StepResults.plannedSteps("#!/bin/sh\necho not ours\n")).isEmpty();
    }

    @Test
    void a_cut_stderr_loses_its_first_fragment_and_blank_lines() {
        assertThat(StepResults.lastLines("ment\nfirst\n\nsecond\nthird\n", true, 2))
                .containsExactly("second", "third");
        assertThat(StepResults.lastLines("whole\n", false, 5)).containsExactly("whole");
    }
}
