package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.gantry.job.protocol.Jobs.parse;
import static org.gantry.job.protocol.Jobs.spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.deps.Deps;
import org.gantry.job.protocol.Problem.Severity;
import org.junit.jupiter.api.Test;

class DepsSectionTest {

    @Test
    void the_documented_deps_section_reads_into_deps() {
        JobSpec spec = spec(Jobs.MINIMAL + """
                deps:
                  env: {DATA_DIR: /mnt/data, SEED: "42"}     # exported in the same shell as the task
                  bash: ["mkdir -p $DATA_DIR/cache"]          # setup commands, in list order
                  module: ["gcc/12", "cuda/12.1"]             # environment modules (lmod or Tcl modules)
                  conda: {channels: [conda-forge], packages: ["numpy=1.26"], env: null, file: null}
                  pip: {packages: ["requests==2.32.3"], requirements: requirements.txt}
                  callBefore: ["python prepare.py"]           # right before the task's commands
                  callAfter: ["python upload.py"]             # after the task, whatever its outcome
                """);

        Deps deps = spec.deps();
        assertThat(deps.env()).containsExactly(Map.entry("DATA_DIR", "/mnt/data"), Map.entry("SEED", "42"));
        assertThat(deps.bash()).containsExactly("mkdir -p $DATA_DIR/cache");
        assertThat(deps.module()).containsExactly("gcc/12", "cuda/12.1");
        assertThat(deps.conda()).contains(new Deps.Conda(List.of("conda-forge"),
                List.of("numpy=1.26"), Optional.empty(), Optional.empty()));
        assertThat(deps.pip()).contains(new Deps.Pip(List.of("requests==2.32.3"),
                Optional.of("requirements.txt")));
        assertThat(deps.callBefore()).containsExactly("python prepare.py");
        assertThat(deps.callAfter()).containsExactly("python upload.py");
    }

    @Test
    void the_readme_example_reads_and_combines_as_the_readme_says() throws Exception {
        // Bug: the README showed no deps section at all; this keeps the one it now shows true
        String readme = Files.readString(Path.of("README.md"));
        String section = readme.substring(readme.indexOf("## Task dependencies: `deps`"));
        String yaml = section.substring(section.indexOf("```yaml\n") + 8, section.indexOf("```\n", 10));
        JobSpec spec = spec(yaml);

        Deps train = spec.depsOf(spec.taskRoles().get("train"));
        assertThat(train.env()).containsExactly(Map.entry("DATA_DIR", "/scratch/train"));
        assertThat(train.bash()).containsExactly("export PATH=$HOME/bin:$PATH", "mkdir -p \"$DATA_DIR\"");
        assertThat(train.module()).containsExactly("gcc/12");
        assertThat(train.conda().orElseThrow().packages()).containsExactly("python=3.11", "numpy=1.26");
        assertThat(train.pip().orElseThrow().packages()).containsExactly("tqdm==4.66.4");
        assertThat(train.callBefore()).hasSize(1);
        assertThat(train.callAfter()).hasSize(2).last().isEqualTo("rm -rf \"$DATA_DIR/tmp\"");
    }

    @Test
    void task_role_deps_extend_the_job_level_ones() {
        JobSpec spec = spec(Jobs.withRole("""
                deps:
                  env: {SEED: "7", ROLE: train}
                  bash: [echo role]
                  pip: {packages: [torch==2.3.0]}
                """) + """
                deps:
                  env: {SEED: "42", DATA: /mnt/data}
                  bash: [echo job]
                  pip: {packages: [requests==2.32.3]}
                """);

        Deps applied = spec.depsOf(spec.taskRoles().get("train"));
        assertThat(applied.env()).containsExactly(Map.entry("SEED", "7"), Map.entry("DATA", "/mnt/data"),
                Map.entry("ROLE", "train"));
        assertThat(applied.bash()).containsExactly("echo job", "echo role");
        assertThat(applied.pip().orElseThrow().packages()).containsExactly("torch==2.3.0");
    }

    @Test
    void a_conda_env_or_file_is_used_instead_of_packages() {
        Deps deps = spec(Jobs.MINIMAL + "deps: {conda: {file: environment.yml}}\n").deps();

        assertThat(deps.conda().orElseThrow().file()).contains("environment.yml");
        assertThat(deps.conda().orElseThrow().packages()).isEmpty();
    }

    @Test
    void every_mistake_in_deps_is_reported_with_its_place() {
        ParseResult result = parse(Jobs.withRole("""
                env: {A: b}
                deps:
                  env: {1BAD: x, GOOD: {nested: no}, PAI_JOB_NAME: mine}
                  bash: echo not a list
                  modules: [gcc/12]
                  callbefore: [python prepare.py]
                """) + """
                deps:
                  module: ["gcc 12"]
                  conda: {packages: [numpy], env: base}
                  pip: {packages: requests}
                """);

        assertThat(result.problems()).extracting(Problem::severity, Problem::code, Problem::path, Problem::line)
                .containsExactly(
                        tuple(Severity.ERROR, "unknown-field", "taskRoles.train.env", 6),
                        tuple(Severity.ERROR, "invalid-name", "taskRoles.train.deps.env.1BAD", 8),
                        tuple(Severity.ERROR, "type-mismatch", "taskRoles.train.deps.env.GOOD", 8),
                        tuple(Severity.WARNING, "reserved-name", "taskRoles.train.deps.env.PAI_JOB_NAME", 8),
                        tuple(Severity.ERROR, "type-mismatch", "taskRoles.train.deps.bash", 9),
                        tuple(Severity.ERROR, "unknown-field", "taskRoles.train.deps.modules", 10),
                        tuple(Severity.ERROR, "unknown-field", "taskRoles.train.deps.callbefore", 11),
                        tuple(Severity.ERROR, "invalid-value", "deps.module[0]", 15),
                        tuple(Severity.ERROR, "conflicting-fields", "deps.conda", 16),
                        tuple(Severity.ERROR, "type-mismatch", "deps.pip.packages", 17));
        assertThat(result.problems().get(0).message()).contains("it belongs under `deps`");
        assertThat(result.problems().get(5).replacement()).contains("module");
        assertThat(result.problems().get(6).message()).startsWith("unknown field `callbefore` in taskRoles.train.deps;"
                + " did you mean `callBefore`?");
        assertThat(result.problems().get(2).message()).isEqualTo("taskRoles.train.deps.env.GOOD: expected a string,"
                + " found a mapping");
    }

    @Test
    void an_empty_deps_value_is_an_error_not_a_silent_nothing() {
        assertThat(Jobs.only(parse(Jobs.MINIMAL + "deps:\n"), "type-mismatch").message())
                .isEqualTo("deps: expected a mapping, found nothing (null)");
    }
}
