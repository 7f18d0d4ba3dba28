package org.gantry.deps;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The conda step against a stand-in conda (no conda exists on this machine), a recording
 * script in src/test/resources/deps/conda-stand-in.sh put first on PATH as {@code conda}: the
 * tests check which conda calls the task script makes, in which order, and when it reuses a
 * cached env. The pip step over it uses the real python3 and pip.
 */
class CondaDepsIT {

    private static final String BUILD = "\\.build\\.[A-Za-z0-9]{6}";

    @TempDir
    Path dir;

    private Path cache;
    private Path log;
    private Map<String, String> env;

    @BeforeEach
    void installStandInConda() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("stand-in-bin"));
        Path conda = bin.resolve("conda");
        try (InputStream script = getClass().getResourceAsStream("/deps/conda-stand-in.sh")) {
            Files.copy(script, conda);
        }
        Files.setPosixFilePermissions(conda, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path envs = Files.createDirectories(dir.resolve("named-envs"));
        Files.createDirectories(envs.resolve("analysis/bin"));
        cache = dir.resolve("cache");
        log = dir.resolve("conda-calls.log");
        env = Map.of("PATH", bin + ":" + System.getenv("PATH"),
                "GANTRY_TEST_CONDA_LOG", log.toString(),
                "GANTRY_TEST_CONDA_ENVS", envs.toString());
    }

    @AfterEach
    void removeCache() throws IOException {
        TaskScripts.deleteTree(cache);
    }

    private TaskScriptRequest request(Deps.Conda conda, Optional<Deps.Pip> pip) {
        Deps deps = TaskScripts.deps(Map.of(), List.of(), List.of(), Optional.of(conda), pip, List.of(), List.of());
        return TaskScriptRequest.builder(cache.toString()).deps(deps)
                .pipOptions(PipOptions.DEFAULT.withExtraArgs(
                        List.of("--no-index", "--find-links", dir.resolve("wheels").toString())))
                .commands(List.of("echo \"$CONDA_PREFIX\" > prefix.txt", "command -v python > python.txt"))
                .build();
    }

    private static Deps.Conda packages(List<String> channels, List<String> packages) {
        return new Deps.Conda(channels, packages, Optional.empty(), Optional.empty());
    }

    private TaskScripts.Run run(String task, TaskScriptRequest request) throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve(task), request, env);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return run;
    }

    private List<String> calls() throws IOException {
        return Files.readAllLines(log);
    }

    private String read(String task, String file) throws IOException {
        return Files.readString(dir.resolve(task).resolve(file)).strip();
    }

    @Test
    void an_env_from_packages_is_built_once_activated_through_the_hook_and_reused() throws Exception {
        TaskScriptRequest req = request(packages(List.of("conda-forge", "bioconda"), List.of("numpy=1.26", "scipy")),
                Optional.empty());

        run("task1", req);
        List<String> first = calls();
        Files.delete(log);
        run("task2", req);
        List<String> second = calls();

        assertThat(first).hasSize(3);
        assertThat(first.get(0)).isEqualTo("shell.bash hook");
        String prefix = cache.resolve("conda").toString() + "/[0-9a-f]{24}";
        assertThat(first.get(1)).matches("create --yes --quiet -c conda-forge -c bioconda numpy=1\\.26 scipy --prefix "
                + prefix + BUILD);
        assertThat(first.get(2)).matches("shell\\.bash activate " + prefix);
        String published = first.get(2).substring("shell.bash activate ".length());
        assertThat(Path.of(published)).isSymbolicLink();
        assertThat(second).containsExactly("shell.bash hook", "shell.bash activate " + published);
        assertThat(Files.readString(dir.resolve("task2/.gantry/step-conda.stderr")))
                .contains("gantry: conda: reusing env " + published);
        assertThat(read("task2", "prefix.txt")).isEqualTo(published);
        assertThat(read("task2", "python.txt")).isEqualTo(published + "/bin/python");
    }

    @Test
    void package_order_does_not_change_the_env_but_channel_order_does() throws Exception {
        run("task1", request(packages(List.of("a", "b"), List.of("numpy", "scipy")), Optional.empty()));
        run("task2", request(packages(List.of("a", "b"), List.of("scipy", "numpy")), Optional.empty()));
        run("task3", request(packages(List.of("b", "a"), List.of("numpy", "scipy")), Optional.empty()));

        assertThat(calls()).filteredOn(c -> c.startsWith("create")).hasSize(2);
        assertThat(read("task2", "prefix.txt")).isEqualTo(read("task1", "prefix.txt"));
        assertThat(read("task3", "prefix.txt")).isNotEqualTo(read("task1", "prefix.txt"));
    }

    @Test
    void a_named_env_is_only_activated() throws Exception {
        run("task", request(new Deps.Conda(List.of(), List.of(), Optional.of("analysis"), Optional.empty()),
                Optional.empty()));

        assertThat(calls()).containsExactly("shell.bash hook", "shell.bash activate analysis");
        assertThat(read("task", "prefix.txt")).isEqualTo(dir.resolve("named-envs/analysis").toString());
        assertThat(cache).doesNotExist();
    }

    @Test
    void an_environment_file_is_keyed_by_its_content() throws Exception {
        Deps.Conda fromFile = new Deps.Conda(List.of(), List.of(), Optional.empty(), Optional.of("environment.yml"));
        for (String task : List.of("task1", "task2", "task3")) {
            Files.createDirectories(dir.resolve(task));
        }
        Files.writeString(dir.resolve("task1/environment.yml"), "dependencies: [numpy=1.26]\n");
        Files.writeString(dir.resolve("task2/environment.yml"), "dependencies: [numpy=1.26]\n");
        Files.writeString(dir.resolve("task3/environment.yml"), "dependencies: [numpy=2.0]\n");

        run("task1", request(fromFile, Optional.empty()));
        run("task2", request(fromFile, Optional.empty()));
        run("task3", request(fromFile, Optional.empty()));

        List<String> creates = calls().stream().filter(c -> c.startsWith("env create")).toList();
        assertThat(creates).hasSize(2).allSatisfy(c -> assertThat(c)
                .matches("env create --file environment\\.yml --prefix " + cache.resolve("conda")
                        + "/[0-9a-f]{24}" + BUILD));
        assertThat(read("task2", "prefix.txt")).isEqualTo(read("task1", "prefix.txt"));
        assertThat(read("task3", "prefix.txt")).isNotEqualTo(read("task1", "prefix.txt"));
        assertThat(Path.of(read("task3", "prefix.txt")).resolve("environment.yml"))
                .hasContent("dependencies: [numpy=2.0]");
    }

    @Test
    void pip_after_conda_builds_its_venv_over_conda_python_with_conda_packages_visible() throws Exception {
        Wheels.write(dir.resolve("wheels"), "gantry_probe", "1.0");

        run("task", request(packages(List.of(), List.of("python=3.11")),
                Optional.of(new Deps.Pip(List.of("gantry_probe==1.0"), Optional.empty()))));

        Path condaPrefix = Path.of(read("task", "prefix.txt"));
        Path venv = Path.of(read("task", "python.txt")).getParent().getParent();
        assertThat(venv.getParent()).isEqualTo(cache.resolve("pip").toRealPath());
        assertThat(venv.resolve("pyvenv.cfg")).content()
                .contains("home = " + condaPrefix + "/bin")
                .contains("include-system-site-packages = true");
        assertThat(Files.readString(dir.resolve("task/.gantry/steps.tsv")))
                .containsSubsequence("conda\tok", "pip\tok", "task\tok");
    }

    @Test
    void a_failing_create_fails_the_conda_step_and_publishes_nothing() throws Exception {
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"),
                request(packages(List.of(), List.of("numpy", "unsolvable=9")), Optional.empty()), env);

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.failureMessage())
                .matches("(?s)dependency step `conda` failed \\(exit 1\\) after \\d+\\.\\d s\n.*")
                .contains("PackagesNotFoundError");
        try (Stream<Path> entries = Files.list(cache.resolve("conda"))) {
            assertThat(entries).isEmpty();
        }
        assertThat(dir.resolve("task/prefix.txt")).doesNotExist();
    }

    @Test
    void without_any_conda_the_step_says_so() throws Exception {
        Path home = Files.createDirectories(dir.resolve("home"));
        TaskScripts.Run run = TaskScripts.run(dir.resolve("task"),
                request(packages(List.of(), List.of("numpy")), Optional.empty()),
                Map.of("HOME", home.toString()));

        assertThat(run.exitCode()).isEqualTo(127);
        assertThat(run.failureMessage()).startsWith("dependency step `conda` failed (exit 127) after ")
                .contains("gantry: conda: no conda found");
    }
}
