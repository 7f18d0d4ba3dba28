package org.gantry.deps;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.gantry.deps.StepResult.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pip step for real: python3's venv and pip, installing wheels written by the test into a
 * local directory with {@code --no-index --find-links}, since no package index is reachable.
 */
class PipDepsIT {

    private static final String PRINT_PROBE =
            "python -c 'import gantry_probe, sys; print(gantry_probe.VERSION); print(sys.prefix)' > probe.txt";

    @TempDir
    Path dir;

    private Path wheels;
    private Path cache;

    @BeforeEach
    void writeWheels() throws IOException {
        wheels = dir.resolve("wheels");
        Wheels.write(wheels, "gantry_probe", "1.0");
        Wheels.write(wheels, "gantry_probe", "2.0");
        cache = dir.resolve("cache");
    }

    @AfterEach
    void removeCache() throws IOException {
        TaskScripts.deleteTree(cache);
    }

    private TaskScriptRequest.Builder request(Deps.Pip pip) {
        return TaskScriptRequest.builder(cache.toString())
                .deps(TaskScripts.deps(Map.of(), List.of(), List.of(), Optional.empty(), Optional.of(pip),
                        List.of(), List.of()))
                .pipOptions(PipOptions.DEFAULT.withExtraArgs(
                        List.of("--no-index", "--find-links", wheels.toString(), "--retries", "0")))
                .commands(List.of(PRINT_PROBE));
    }

    private static Deps.Pip packages(String... specs) {
        return new Deps.Pip(List.of(specs), Optional.empty());
    }

    private static String stepStderr(Path taskDir, String step) throws IOException {
        return Files.readString(taskDir.resolve(".gantry/step-" + step + ".stderr"));
    }

    private List<Path> cacheEntries() throws IOException {
        try (Stream<Path> entries = Files.list(cache.resolve("pip"))) {
            return entries.sorted().toList();
        }
    }

    @Test
    void a_second_task_with_the_same_packages_reuses_the_virtualenv() throws Exception {
        TaskScriptRequest req = request(packages("gantry_probe==1.0")).build();
        Path first = dir.resolve("task1");
        Path second = dir.resolve("task2");

        TaskScripts.Run run1 = TaskScripts.run(first, req);
        List<Path> afterFirst = cacheEntries();
        Path venv = afterFirst.stream().filter(Files::isSymbolicLink).findFirst().orElseThrow();
        Object inode = Files.getAttribute(venv.resolve("bin/python"), "unix:ino");
        long modified = Files.getLastModifiedTime(venv.resolve("pyvenv.cfg")).toMillis();
        TaskScripts.Run run2 = TaskScripts.run(second, req);

        assertThat(run1.exitCode()).as(run1.stderr()).isZero();
        assertThat(run2.exitCode()).as(run2.stderr()).isZero();
        assertThat(stepStderr(first, "pip")).contains("gantry: pip: building virtualenv " + venv);
        assertThat(stepStderr(second, "pip")).contains("gantry: pip: reusing virtualenv " + venv)
                .doesNotContain("building");
        assertThat(cacheEntries()).isEqualTo(afterFirst).hasSize(2);
        assertThat(Files.getAttribute(venv.resolve("bin/python"), "unix:ino")).isEqualTo(inode);
        assertThat(Files.getLastModifiedTime(venv.resolve("pyvenv.cfg")).toMillis()).isEqualTo(modified);
        String realVenv = venv.toRealPath().toString();
        assertThat(Files.readAllLines(first.resolve("probe.txt"))).containsExactly("1.0", realVenv);
        assertThat(Files.readAllLines(second.resolve("probe.txt"))).containsExactly("1.0", realVenv);
    }

    @Test
    void different_packages_get_their_own_virtualenv_and_leave_the_system_python_alone() throws Exception {
        TaskScripts.Run v1 = TaskScripts.run(dir.resolve("task1"), request(packages("gantry_probe==1.0")).build());
        TaskScripts.Run v2 = TaskScripts.run(dir.resolve("task2"), request(packages("gantry_probe==2.0")).build());

        assertThat(v1.exitCode()).as(v1.stderr()).isZero();
        assertThat(v2.exitCode()).as(v2.stderr()).isZero();
        List<String> probe1 = Files.readAllLines(dir.resolve("task1/probe.txt"));
        List<String> probe2 = Files.readAllLines(dir.resolve("task2/probe.txt"));
        assertThat(probe1.get(0)).isEqualTo("1.0");
        assertThat(probe2.get(0)).isEqualTo("2.0");
        assertThat(probe1.get(1)).isNotEqualTo(probe2.get(1)).startsWith(cache.resolve("pip").toString());
        assertThat(cacheEntries().stream().filter(Files::isSymbolicLink)).hasSize(2);
        assertThat(systemPythonImports("gantry_probe")).isFalse();
        assertThat(systemPythonImports("json")).isTrue();
    }

    @Test
    void the_requirements_file_content_is_part_of_the_key() throws Exception {
        Path task1 = dir.resolve("task1");
        Path task2 = dir.resolve("task2");
        Files.createDirectories(task1);
        Files.createDirectories(task2);
        Files.writeString(task1.resolve("requirements.txt"), "gantry_probe==1.0\n");
        Files.writeString(task2.resolve("requirements.txt"), "gantry_probe==2.0\n");
        Deps.Pip pip = new Deps.Pip(List.of(), Optional.of("requirements.txt"));

        TaskScripts.run(task1, request(pip).build());
        TaskScripts.Run run2 = TaskScripts.run(task2, request(pip).build());

        assertThat(run2.exitCode()).as(run2.stderr()).isZero();
        assertThat(Files.readAllLines(task1.resolve("probe.txt")).get(0)).isEqualTo("1.0");
        assertThat(Files.readAllLines(task2.resolve("probe.txt")).get(0)).isEqualTo("2.0");
        assertThat(stepStderr(task2, "pip")).contains("building virtualenv");
    }

    @Test
    void each_use_marks_the_venv_and_the_cache_cleanup_deletes_it_only_past_the_retention() throws Exception {
        TaskScriptRequest req = request(packages("gantry_probe==1.0")).build();
        TaskScripts.run(dir.resolve("task1"), req);
        Path venv = cacheEntries().stream().filter(Files::isSymbolicLink).findFirst().orElseThrow();
        Path marker = venv.resolve(".gantry-last-used");
        Files.setLastModifiedTime(marker, FileTime.from(Instant.now().minus(Duration.ofDays(9))));
        TaskScripts.run(dir.resolve("task2"), req);
        Instant usedAt = Files.getLastModifiedTime(marker).toInstant();
        assertThat(usedAt).as("reuse marks the venv").isAfter(Instant.now().minus(Duration.ofHours(1)));

        assertThat(EnvCache.clean(cache, Duration.ofDays(30), Instant.now()).isEmpty()).isTrue();
        EnvCache.Cleaned cleaned = EnvCache.clean(cache, Duration.ofDays(30), usedAt.plus(Duration.ofDays(31)));
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task3"), req);

        assertThat(cleaned.envs()).isEqualTo(1);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(stepStderr(dir.resolve("task3"), "pip")).contains("gantry: pip: building virtualenv " + venv);
        assertThat(Files.readAllLines(dir.resolve("task3/probe.txt"))).containsExactly("1.0",
                venv.toRealPath().toString());
    }

    @Test
    void a_venv_deleted_from_the_cache_behind_its_link_is_built_again() throws Exception {
        TaskScriptRequest req = request(packages("gantry_probe==1.0")).build();
        TaskScripts.run(dir.resolve("task1"), req);
        Path venv = cacheEntries().stream().filter(Files::isSymbolicLink).findFirst().orElseThrow();
        TaskScripts.deleteTree(venv.toRealPath());

        TaskScripts.Run run = TaskScripts.run(dir.resolve("task2"), req);

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(stepStderr(dir.resolve("task2"), "pip"))
                .contains("gantry: pip: built " + venv + " again (its env had been deleted)");
        assertThat(Files.readAllLines(dir.resolve("task2/probe.txt")))
                .containsExactly("1.0", venv.toRealPath().toString());
    }

    @Test
    void a_package_that_cannot_be_installed_fails_the_pip_step_with_its_message() throws Exception {
        Path task = dir.resolve("task");

        TaskScripts.Run run = TaskScripts.run(task, request(packages("gantry_missing==1.0")).build());

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.failureMessage())
                .startsWith("dependency step `pip` failed (exit 1) after ")
                .matches("(?s)dependency step `pip` failed \\(exit 1\\) after \\d+\\.\\d s\n.*")
                .contains("No matching distribution found for gantry_missing==1.0")
                .endsWith("(exit 1)");
        assertThat(run.results().step(DepsStep.TASK)).get().extracting(StepResult::status)
                .isEqualTo(Status.SKIPPED);
        assertThat(task.resolve("probe.txt")).doesNotExist();
        assertThat(cacheEntries()).as("a failed build is removed, never published").isEmpty();
    }

    @Test
    void two_tasks_building_the_same_virtualenv_at_once_end_up_sharing_one() throws Exception {
        // racing-python3: the real python3 behind a two-party barrier on `-m venv`, so that both
        // scripts are building the same key at the same time, every time
        Path barrier = Files.createDirectories(dir.resolve("barrier"));
        Path racingPython = dir.resolve("racing-python3");
        Files.writeString(racingPython, """
                #!/usr/bin/env bash
                if [ "$1 $2" = "-m venv" ]; then
                  touch "$GANTRY_TEST_BARRIER/$$"
                  for i in $(seq 600); do
                    [ "$(ls "$GANTRY_TEST_BARRIER" | wc -l)" -ge 2 ] && break
                    sleep 0.05
                  done
                fi
                exec python3 "$@"
                """, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(racingPython, PosixFilePermissions.fromString("rwxr-xr-x"));
        TaskScriptRequest req = request(packages("gantry_probe==1.0"))
                .pipOptions(new PipOptions(racingPython.toString(),
                        List.of("--no-index", "--find-links", wheels.toString())))
                .build();
        Map<String, String> env = Map.of("GANTRY_TEST_BARRIER", barrier.toString());

        Process p1 = TaskScripts.start(dir.resolve("task1"), req, env);
        Process p2 = TaskScripts.start(dir.resolve("task2"), req, env);
        TaskScripts.Run run1 = TaskScripts.await(dir.resolve("task1"), req, p1);
        TaskScripts.Run run2 = TaskScripts.await(dir.resolve("task2"), req, p2);

        assertThat(run1.exitCode()).as(run1.stderr()).isZero();
        assertThat(run2.exitCode()).as(run2.stderr()).isZero();
        try (Stream<Path> waiting = Files.list(barrier)) {
            assertThat(waiting).as("both scripts were building").hasSize(2);
        }
        List<Path> entries = cacheEntries();
        assertThat(entries).as("one published venv and its build dir; the loser's is gone").hasSize(2);
        Path venv = entries.stream().filter(Files::isSymbolicLink).findFirst().orElseThrow();
        String pipLogs = stepStderr(dir.resolve("task1"), "pip") + stepStderr(dir.resolve("task2"), "pip");
        assertThat(pipLogs).containsOnlyOnce("gantry: pip: built " + venv)
                .containsOnlyOnce("gantry: pip: another task built " + venv + " first; using it");
        String realVenv = venv.toRealPath().toString();
        assertThat(Files.readAllLines(dir.resolve("task1/probe.txt"))).containsExactly("1.0", realVenv);
        assertThat(Files.readAllLines(dir.resolve("task2/probe.txt"))).containsExactly("1.0", realVenv);
    }

    private static boolean systemPythonImports(String module) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("python3", "-c", "import " + module)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(p.waitFor(1, TimeUnit.MINUTES)).isTrue();
        return p.exitValue() == 0;
    }
}
