package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.gantry.deps.Deps;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.ui.JobYamlFields.Field;
import org.gantry.job.ui.JobYamlFields.RoleValues;
import org.junit.jupiter.api.Test;

class DepsYamlFieldsTest {

    private static final String CONDA = JobTemplates.find("conda-cpu").orElseThrow().text();

    private static RoleValues role(String yaml) {
        return JobYamlFields.read(yaml).orElseThrow().roles().get(0);
    }

    private static Deps deps(String yaml) {
        var spec = new ProtocolParser().parse(yaml).spec().orElseThrow();
        return spec.depsOf(spec.taskRoles().values().iterator().next());
    }

    // the form had no deps fields: env, packages, modules and the calls were only editable in the YAML
    @Test
    void the_form_reads_a_roles_deps() {
        RoleValues role = role(CONDA);

        assertThat(role.deps(Field.MODULES)).containsExactly("gcc/12");
        assertThat(role.deps(Field.CONDA_PACKAGES)).containsExactly("python=3.11", "pandas=2.2");
        assertThat(role.deps(Field.ENV)).isEmpty();
    }

    @Test
    void a_changed_package_is_replaced_in_place_and_the_rest_kept() {
        String after = JobYamlFields.set(CONDA, "analysis", Field.CONDA_PACKAGES, "python=3.12\npandas=2.2");

        assertThat(after).isEqualTo(CONDA.replace("- python=3.11", "- python=3.12"));
    }

    @Test
    void a_longer_list_is_rewritten_in_its_own_block_style() {
        String after = JobYamlFields.set(CONDA, "analysis", Field.MODULES, "gcc/12\ncuda/12.2");

        assertThat(after).contains("      module:\n        - gcc/12\n        - cuda/12.2\n      conda:\n");
        assertThat(deps(after).module()).containsExactly("gcc/12", "cuda/12.2");
    }

    @Test
    void env_pip_and_calls_are_added_with_the_keys_they_need() {
        String hello = JobTemplates.find("hello-world").orElseThrow().text();
        String after = JobYamlFields.set(hello, "main", Field.ENV, "DATA_DIR=/data\nSEED = 7");
        after = JobYamlFields.set(after, "main", Field.PIP_PACKAGES, "numpy==2.1.0");
        after = JobYamlFields.set(after, "main", Field.CALL_BEFORE, "echo start");

        assertThat(after).startsWith(hello.stripTrailing());
        Deps deps = deps(after);
        assertThat(deps.env()).containsEntry("DATA_DIR", "/data").containsEntry("SEED", "7");
        assertThat(deps.pip()).hasValueSatisfying(pip -> assertThat(pip.packages()).containsExactly("numpy==2.1.0"));
        assertThat(deps.callBefore()).containsExactly("echo start");
        assertThat(role(after).deps(Field.ENV)).containsExactly("DATA_DIR=/data", "SEED=7");
    }

    @Test
    void a_block_env_is_rewritten_at_its_indentation() {
        String yaml = CONDA.replace("    deps:\n", "    deps:\n      env:\n        A: \"1\"\n");
        String after = JobYamlFields.set(yaml, "analysis", Field.ENV, "A=1\nB=two words");

        assertThat(after).contains("      env:\n        A: \"1\"\n        B: \"two words\"\n      module:\n");
    }
}
