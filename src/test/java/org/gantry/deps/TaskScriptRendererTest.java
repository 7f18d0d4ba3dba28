package org.gantry.deps;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gantry.deps.TaskScripts.bashDeps;
import static org.gantry.deps.TaskScripts.deps;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.gantry.deps.DepsPlan.PlannedStep;
import org.gantry.deps.StepResult.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskScriptRendererTest {

    @TempDir
    Path dir;

    private final TaskScriptRenderer renderer = new TaskScriptRenderer();

    private TaskScriptRequest.Builder request() {
        return TaskScriptRequest.builder(dir.resolve("cache").toString());
    }

    @Test
    void steps_are_planned_and_rendered_in_canonical_order() {
        Deps all = deps(Map.of("A", "1"), List.of("echo b"), List.of("gcc/12"),
                Optional.of(new Deps.Conda(List.of("conda-forge"), List.of("numpy=1.26"),
                        Optional.empty(), Optional.empty())),
                Optional.of(new Deps.Pip(List.of("requests==2.32.3"), Optional.empty())),
                List.of("echo before"), List.of("echo after"));

        DepsPlan plan = renderer.plan(request().deps(all).commands(List.of("echo task")).build());

        assertThat(plan.steps()).extracting(PlannedStep::step).containsExactly(
                DepsStep.ENV, DepsStep.BASH, DepsStep.MODULE, DepsStep.CONDA, DepsStep.PIP,
                DepsStep.CALL_BEFORE, DepsStep.TASK, DepsStep.CALL_AFTER);
        String script = plan.script();
        assertThat(script).containsSubsequence("gantry_begin env", "gantry_begin bash",
                "gantry_begin module", "gantry_begin conda", "gantry_begin pip",
                "gantry_begin callBefore", "gantry_begin task");
        assertThat(script).contains("gantry_steps=(env bash module conda pip callBefore task callAfter)");
        for (PlannedStep step : plan.steps()) {
            step.lines().forEach(line -> assertThat(script).contains(line));
        }
    }

    @Test
    void steps_without_content_are_left_out_and_the_task_step_stays() {
        DepsPlan plan = renderer.plan(request().build());

        assertThat(plan.steps()).extracting(PlannedStep::step).containsExactly(DepsStep.TASK);
        assertThat(plan.script()).doesNotContain("gantry_pip_venv", "gantry_module_init", "gantry_conda_hook");
    }

    @Test
    void frame_lines_and_status_lines_follow_the_canonical_order_at_run_time() throws Exception {
        Deps deps = deps(Map.of("A", "1"), List.of("true"), List.of(), Optional.empty(),
                Optional.empty(), List.of("true"), List.of("true"));

        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"),
                request().deps(deps).commands(List.of("echo hello")).build());

        assertThat(run.exitCode()).isZero();
        assertThat(run.stdout()).containsSubsequence(
                "::gantry step env start\n", "::gantry step env end exit=0 ms=",
                "::gantry step bash start\n", "::gantry step callBefore start\n",
                "::gantry step task start\n", "hello\n", "::gantry step task end exit=0 ms=",
                "::gantry step callAfter start\n", "::gantry step callAfter end exit=0 ms=");
        assertThat(run.results().steps()).extracting(StepResult::step).containsExactly(
                DepsStep.ENV, DepsStep.BASH, DepsStep.CALL_BEFORE, DepsStep.TASK, DepsStep.CALL_AFTER);
        assertThat(run.results().steps()).allSatisfy(s -> {
            assertThat(s.status()).isEqualTo(Status.OK);
            assertThat(s.exitCode()).hasValue(0);
            assertThat(s.duration()).isPresent();
        });
        List<String> tsv = Files.readAllLines(dir.resolve("task/.gantry/steps.tsv"));
        assertThat(tsv).hasSize(10).allSatisfy(line -> assertThat(line.split("\t", -1)).hasSize(5));
        assertThat(tsv.get(0)).matches("env\trunning\t\t\\d+\t");
        assertThat(tsv.get(1)).matches("env\tok\t0\t\\d+\t\\d+");
    }

    // Bug: on a disk that filled up while a task ran, the framing's own record of a step
    // (steps.tsv, written with errexit on) failed and ended the task with exit code 1
    @Test
    void a_step_record_that_cannot_be_written_does_not_end_the_task() throws Exception {
        Path status = Files.createDirectories(dir.resolve("task/.gantry"));
        Files.createSymbolicLink(status.resolve("steps.tsv"), Path.of("/dev/full"));  // every write: ENOSPC
        Deps deps = deps(Map.of("A", "1"), List.of("true"), List.of(), Optional.empty(),
                Optional.empty(), List.of("true"), List.of());

        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"),
                request().deps(deps).commands(List.of("echo hello-$A")).build());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("hello-1\n", "::gantry step task end exit=0 ms=");
    }

    @Test
    void env_values_reach_the_task_byte_for_byte() throws Exception {
        Map<String, String> nasty = new LinkedHashMap<>();
        nasty.put("QUOTES", "it's \"quoted\" 'twice'");
        nasty.put("DOLLARS", "$HOME ${PATH} $(touch expanded) `touch expanded` $((1+1))");
        nasty.put("NEWLINES", "line one\nline two\n\n");
        nasty.put("SPACES", "  leading and trailing  ");
        nasty.put("BACKSLASHES", "a\\b\\\\c\\n\\'");
        nasty.put("GLOB", "* ? [a-z] ~ !! #not-a-comment ; & |");
        nasty.put("UNICODE", "grüße € 日本");
        nasty.put("EMPTY", "");
        List<String> commands = nasty.keySet().stream()
                .map(k -> "printf '%s' \"$" + k + "\" > " + k + ".out").toList();

        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(deps(nasty, List.of(), List.of(), Optional.empty(), Optional.empty(), List.of(), List.of()))
                .commands(commands).build());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        for (Map.Entry<String, String> e : nasty.entrySet()) {
            assertThat(Files.readString(dir.resolve("task/" + e.getKey() + ".out"))).isEqualTo(e.getValue());
        }
        assertThat(dir.resolve("task/expanded")).doesNotExist();
    }

    @Test
    void a_task_role_env_var_overrides_the_job_one_and_runtime_vars_are_exported() throws Exception {
        Deps job = deps(Map.of("SEED", "1", "DATA", "/data"), List.of(), List.of(), Optional.empty(),
                Optional.empty(), List.of(), List.of());
        Deps role = deps(Map.of("SEED", "42"), List.of(), List.of(), Optional.empty(),
                Optional.empty(), List.of(), List.of());
        Map<String, String> runtime = new LinkedHashMap<>();
        runtime.put("PAI_JOB_NAME", "alice~mnist");
        runtime.put("GANTRY_TASK_INDEX", "0");

        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(job.extendedBy(role)).runtimeEnv(runtime)
                .commands(List.of("echo \"$SEED $DATA $PAI_JOB_NAME $GANTRY_TASK_INDEX\" > out.txt"))
                .build());

        assertThat(run.exitCode()).isZero();
        assertThat(dir.resolve("task/out.txt")).hasContent("42 /data alice~mnist 0");
    }

    @Test
    void exports_cd_and_functions_of_earlier_steps_persist_into_the_commands() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(bashDeps(List.of("export FROM_BASH=1", "mkdir sub && cd sub",
                        "greet() { echo \"hi-$1\"; }")))
                .commands(List.of("greet \"$FROM_BASH\" > out.txt")).build());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(dir.resolve("task/sub/out.txt")).hasContent("hi-1");
        // the status dir was fixed at start, before the step changed directory
        assertThat(dir.resolve("task/.gantry/steps.tsv")).exists();
        assertThat(dir.resolve("task/sub/.gantry")).doesNotExist();
    }

    @Test
    void the_environment_before_the_commands_is_kept_for_shells_into_the_task() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(deps(Map.of("FROM_ENV", "it's \"env\""), List.of("export FROM_BASH=1", "greet() { echo \"hi-$1\"; }"),
                        List.of(), Optional.empty(), Optional.empty(), List.of("export FROM_BEFORE=2"), List.of()))
                .commands(List.of("export DURING_TASK=no")).build());
        assertThat(run.exitCode()).as(run.stderr()).isZero();

        Path snapshot = dir.resolve("task/.gantry/shell-env.sh");
        Process shell = new ProcessBuilder("bash", "--norc", "-c",
                ". " + snapshot + "; echo \"$FROM_ENV|$FROM_BASH|$FROM_BEFORE|${DURING_TASK:-unset}\"; greet x;"
                        + " declare -F | grep -c gantry_ || true").start();
        String out = new String(shell.getInputStream().readAllBytes());
        assertThat(shell.waitFor()).isZero();
        assertThat(out).isEqualTo("it's \"env\"|1|2|unset\nhi-x\n0\n");
    }

    @Test
    void a_shell_that_reads_the_saved_environment_while_it_is_written_gets_none_of_it() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(deps(Map.of("FROM_ENV", "kept"), List.of("greet() { echo hi; }"), List.of(), Optional.empty(),
                        Optional.empty(), List.of(), List.of()))
                .commands(List.of("true")).build());
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        Path whole = dir.resolve("task/.gantry/shell-env.sh");
        String saved = Files.readString(whole);
        // the file as a shell may find it while the task writes it: everything but its last line
        Path partial = dir.resolve("partial-shell-env.sh");
        Files.writeString(partial, saved.substring(0, saved.lastIndexOf('}')));

        assertThat(sourced(whole)).isEqualTo("kept|function\n");
        assertThat(sourced(partial)).isEqualTo("unset|\n");
    }

    /** What a shell that sources {@code file} sees of FROM_ENV and of the function greet. */
    private static String sourced(Path file) throws Exception {
        Process shell = new ProcessBuilder("bash", "--norc", "-c",
                ". " + file + " 2>/dev/null; echo \"${FROM_ENV:-unset}|$(type -t greet)\"").start();
        String out = new String(shell.getInputStream().readAllBytes());
        shell.waitFor();
        return out;
    }

    @Test
    void a_failing_bash_step_stops_the_task_before_its_commands() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(bashDeps(List.of("touch first", "echo 'mkdir: cannot create' >&2; false", "touch third")))
                .commands(List.of("touch ran")).build());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(dir.resolve("task/first")).exists();
        assertThat(dir.resolve("task/third")).doesNotExist();
        assertThat(dir.resolve("task/ran")).doesNotExist();
        assertThat(run.results().step(DepsStep.BASH)).get()
                .extracting(StepResult::status).isEqualTo(Status.FAILED);
        assertThat(run.results().step(DepsStep.TASK)).get()
                .extracting(StepResult::status).isEqualTo(Status.SKIPPED);
        assertThat(run.failureMessage())
                .matches("dependency step `bash` failed \\(exit 1\\) after \\d+\\.\\d s\nmkdir: cannot create");
        assertThat(run.stdout()).contains("::gantry step bash end exit=1 ms=").doesNotContain("step task start");
    }

    @Test
    void a_failure_inside_a_multi_line_command_fails_its_step() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(bashDeps(List.of("for f in a b; do\n  touch \"$f\"\n  test \"$f\" != a\ndone\ntouch after-loop")))
                .commands(List.of("touch ran")).build());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(dir.resolve("task/a")).exists();
        assertThat(dir.resolve("task/b")).doesNotExist();
        assertThat(dir.resolve("task/ran")).doesNotExist();
    }

    @Test
    void a_syntax_error_fails_its_own_step_instead_of_swallowing_the_script() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(deps(Map.of(), List.of("echo 'unbalanced", "cat <<EOF"), List.of(), Optional.empty(),
                        Optional.empty(), List.of(), List.of("touch after-ran")))
                .commands(List.of("touch ran")).build());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.failureMessage()).startsWith("dependency step `bash` failed (exit 2) after ");
        assertThat(dir.resolve("task/after-ran")).exists();
        assertThat(dir.resolve("task/ran")).doesNotExist();
    }

    @Test
    void exit_0_in_a_dependency_step_still_fails_the_task() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(bashDeps(List.of("exit 0"))).commands(List.of("touch ran")).build());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(dir.resolve("task/ran")).doesNotExist();
        assertThat(run.failureMessage()).startsWith("dependency step `bash` failed (exit 0) after ")
                .endsWith("gantry: step bash ended the script (exit 0) before the task's commands ran");
    }

    @Test
    void call_after_runs_after_a_failing_task_and_sees_its_exit_code() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(deps(Map.of(), List.of(), List.of(), Optional.empty(), Optional.empty(), List.of(),
                        List.of("echo \"$GANTRY_TASK_EXIT_CODE/$GANTRY_FAILED_STEP/$PWD\" > ../after.txt")))
                .commands(List.of("mkdir work && cd work", "exit 3")).build());

        assertThat(run.exitCode()).isEqualTo(3);
        // callAfter ran in the task's shell: still in the directory the task changed to
        assertThat(dir.resolve("task/after.txt")).hasContent("3/task/" + dir.resolve("task/work").toRealPath());
        assertThat(run.results().step(DepsStep.TASK)).get().satisfies(s -> {
            assertThat(s.status()).isEqualTo(Status.FAILED);
            assertThat(s.exitCode()).hasValue(3);
        });
        assertThat(run.results().step(DepsStep.CALL_AFTER)).get()
                .extracting(StepResult::status).isEqualTo(Status.OK);
        assertThat(run.results().failureMessage()).isEmpty();
    }

    @Test
    void call_after_failing_does_not_fail_a_task_that_succeeded() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(deps(Map.of(), List.of(), List.of(), Optional.empty(), Optional.empty(), List.of(),
                        List.of("echo 'upload refused' >&2; (exit 4)", "touch not-reached")))
                .commands(List.of("true")).build());

        assertThat(run.exitCode()).isZero();
        assertThat(dir.resolve("task/not-reached")).doesNotExist();
        assertThat(run.results().step(DepsStep.TASK)).get().extracting(StepResult::status).isEqualTo(Status.OK);
        assertThat(run.results().callAfterFailure()).hasValueSatisfying(m ->
                assertThat(m).matches("step `callAfter` failed \\(exit 4\\) after \\d+\\.\\d s\nupload refused"));
        assertThat(run.results().failureMessage()).isEmpty();
    }

    @Test
    void call_after_runs_after_a_failed_dependency_step_and_is_told_which() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(deps(Map.of(), List.of("exit 7"), List.of(), Optional.empty(), Optional.empty(),
                        List.of("touch before-ran"),
                        List.of("echo \"$GANTRY_TASK_EXIT_CODE $GANTRY_FAILED_STEP\" > after.txt")))
                .commands(List.of("touch ran")).build());

        assertThat(run.exitCode()).isEqualTo(7);
        assertThat(dir.resolve("task/after.txt")).hasContent("7 bash");
        assertThat(dir.resolve("task/before-ran")).doesNotExist();
        assertThat(run.results().step(DepsStep.CALL_BEFORE)).get()
                .extracting(StepResult::status).isEqualTo(Status.SKIPPED);
    }

    @Test
    void a_stopped_task_records_the_signal_and_still_runs_call_after() throws Exception {
        Path task = dir.resolve("task");
        TaskScriptRequest req = request()
                .deps(deps(Map.of(), List.of(), List.of(), Optional.empty(), Optional.empty(), List.of(),
                        List.of("echo \"$GANTRY_TASK_EXIT_CODE $GANTRY_FAILED_STEP\" > after.txt")))
                .commands(List.of("echo \"$$ $(cut -d' ' -f5 /proc/$$/stat)\" > ids.tmp && mv ids.tmp ids",
                        "sleep 600"))
                .build();

        // setsid: like an executor's task, the script leads its own process group
        Process process = TaskScripts.start(task, req, Map.of(), List.of("setsid"));
        Path ids = task.resolve("ids");
        for (int i = 0; i < 600 && !Files.exists(ids) && process.isAlive(); i++) {
            Thread.sleep(100);
        }
        String[] pidAndGroup = Files.readString(ids).strip().split(" ");
        assertThat(pidAndGroup[1]).as("never signal a group the test JVM may be in").isEqualTo(pidAndGroup[0]);
        new ProcessBuilder("kill", "-TERM", "--", "-" + pidAndGroup[1]).start().waitFor();
        TaskScripts.Run run = TaskScripts.await(task, req, process);

        assertThat(run.exitCode()).isEqualTo(143);
        assertThat(run.results().step(DepsStep.TASK)).get().satisfies(s -> {
            assertThat(s.status()).isEqualTo(Status.FAILED);
            assertThat(s.exitCode()).hasValue(143);
        });
        assertThat(task.resolve("after.txt")).hasContent("143 task");
    }

    @Test
    void pre_and_post_commands_surround_the_commands_inside_the_task_step() throws Exception {
        TaskScriptRequest req = request()
                .deps(deps(Map.of(), List.of(), List.of(), Optional.empty(), Optional.empty(),
                        List.of("echo before >> order"), List.of("echo after >> order")))
                .preCommands(List.of("echo pre >> order"))
                .commands(List.of("echo cmd1 >> order", "echo cmd2 >> order"))
                .postCommands(List.of("echo post >> order")).build();

        DepsPlan plan = renderer.plan(req);
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), req);

        assertThat(plan.steps()).filteredOn(s -> s.step() == DepsStep.TASK).singleElement()
                .extracting(PlannedStep::lines).asList().containsExactly(
                        "eval 'echo pre >> order'", "eval 'echo cmd1 >> order'",
                        "eval 'echo cmd2 >> order'", "eval 'echo post >> order'");
        assertThat(run.exitCode()).isZero();
        assertThat(Files.readAllLines(dir.resolve("task/order")))
                .containsExactly("before", "pre", "cmd1", "cmd2", "post", "after");
    }

    @Test
    void each_step_keeps_its_stderr_and_still_passes_it_on() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(deps(Map.of(), List.of("echo from-bash >&2"), List.of(), Optional.empty(),
                        Optional.empty(), List.of("echo from-before >&2"), List.of())).build());

        assertThat(dir.resolve("task/.gantry/step-bash.stderr")).hasContent("from-bash");
        assertThat(dir.resolve("task/.gantry/step-callBefore.stderr")).hasContent("from-before");
        assertThat(run.stderr()).contains("from-bash", "from-before");
        assertThat(run.results().step(DepsStep.BASH)).get()
                .extracting(StepResult::stderrTail).asList().containsExactly("from-bash");
    }

    @Test
    void a_rerun_in_the_same_directory_starts_a_fresh_status() throws Exception {
        Path task = dir.resolve("task");
        TaskScripts.run(task, request().deps(bashDeps(List.of("echo old >&2", "false"))).build());
        TaskScripts.Run second = TaskScripts.run(task, request().build());

        assertThat(second.results().steps()).extracting(StepResult::step).containsExactly(DepsStep.TASK);
        assertThat(task.resolve(".gantry/step-bash.stderr")).doesNotExist();
    }

    @Test
    void frame_line_duration_is_the_recorded_one() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"), request()
                .deps(bashDeps(List.of("sleep 0.2"))).build());

        Matcher m = Pattern.compile("::gantry step bash end exit=0 ms=(\\d+)").matcher(run.stdout());
        assertThat(m.find()).isTrue();
        assertThat(run.results().step(DepsStep.BASH).orElseThrow().duration().orElseThrow().toMillis())
                .isEqualTo(Long.parseLong(m.group(1)));
    }

    @Test
    void unrenderable_deps_are_refused() {
        assertThatThrownBy(() -> renderer.render(request().deps(deps(Map.of("NOT-A-NAME", "x"),
                List.of(), List.of(), Optional.empty(), Optional.empty(), List.of(), List.of())).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NOT-A-NAME");
        assertThatThrownBy(() -> renderer.render(request().deps(deps(Map.of(), List.of(), List.of(),
                Optional.of(new Deps.Conda(List.of(), List.of("numpy"), Optional.of("base"), Optional.empty())),
                Optional.empty(), List.of(), List.of())).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one of env, file or packages");
        assertThatThrownBy(() -> renderer.render(request().deps(deps(Map.of(), List.of(), List.of(),
                Optional.empty(), Optional.of(new Deps.Pip(List.of("--index-url=http://x"), Optional.empty())),
                List.of(), List.of())).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("start with '-'");
        assertThatThrownBy(() -> TaskScriptRequest.builder("relative/cache").build())
                .isInstanceOf(IllegalArgumentException.class);
    }
}
