package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.ui.JobYamlFields.Field;
import org.junit.jupiter.api.Test;

class JobYamlFieldsTest {

    private static final String JOB = """
            # my experiment
            protocolVersion: 2
            name: mnist   # keep this comment
            type: job
            prerequisites:
              - name: image
                type: dockerimage
                uri: pytorch/pytorch:2.3.0
            taskRoles:
              train:
                instances: 1
                dockerImage: image
                resourcePerInstance: {cpu: 4, memoryMB: 8192}
                commands:
                  - pip list   # inline comment
                  - python train.py
            """;

    @Test
    void reads_the_first_task_roles_fields() {
        JobYamlFields.Values values = JobYamlFields.read(JOB).orElseThrow();
        assertThat(values.name()).isEqualTo("mnist");
        assertThat(values.role()).isEqualTo("train");
        assertThat(values.image()).isEqualTo("pytorch/pytorch:2.3.0");
        assertThat(values.instances()).contains(1);
        assertThat(values.cpu()).contains(4);
        assertThat(values.gpu()).isEmpty();
        assertThat(values.commands()).containsExactly("pip list", "python train.py");
        assertThat(values.commandsEditable()).isTrue();
    }

    @Test
    void setting_a_scalar_replaces_only_its_text() {
        String edited = JobYamlFields.set(JOB, Field.NAME, "mnist-v2");
        assertThat(edited).isEqualTo(JOB.replace("name: mnist ", "name: mnist-v2 "));
        assertThat(JobYamlFields.set(JOB, Field.CPU, "8")).isEqualTo(JOB.replace("cpu: 4", "cpu: 8"));
        assertThat(JobYamlFields.set(JOB, Field.IMAGE, "python:3.12"))
                .isEqualTo(JOB.replace("uri: pytorch/pytorch:2.3.0", "uri: python:3.12"));
    }

    @Test
    void a_value_that_would_read_as_something_else_is_quoted() {
        assertThat(JobYamlFields.set(JOB, Field.NAME, "true")).contains("name: \"true\"   # keep this comment");
        assertThat(JobYamlFields.set(JOB, Field.NAME, "a: b")).contains("name: \"a: b\"");
    }

    @Test
    void missing_keys_are_added_in_block_and_flow_mappings() {
        String gpu = JobYamlFields.set(JOB, Field.GPU, "2");
        assertThat(gpu).contains("resourcePerInstance: {cpu: 4, memoryMB: 8192, gpu: 2}");
        String cluster = JobYamlFields.set(JOB, Field.VIRTUAL_CLUSTER, "gpu-a100");
        assertThat(cluster).startsWith(JOB).endsWith("defaults:\n  virtualCluster: gpu-a100\n");
        assertThat(new ProtocolParser().parse(cluster).spec().orElseThrow().defaults().virtualCluster())
                .contains("gpu-a100");
    }

    @Test
    void commands_keep_their_comments_when_only_one_changes_and_are_rewritten_when_their_number_does() {
        String one = JobYamlFields.set(JOB, Field.COMMANDS, "pip list\npython train.py --epochs 3");
        assertThat(one).contains("- pip list   # inline comment\n      - python train.py --epochs 3\n");
        String three = JobYamlFields.set(JOB, Field.COMMANDS, "nvidia-smi\npip list\npython train.py");
        assertThat(JobYamlFields.read(three).orElseThrow().commands())
                .containsExactly("nvidia-smi", "pip list", "python train.py");
        assertThat(three).contains("    commands:\n      - nvidia-smi\n      - pip list\n      - python train.py\n");
    }

    @Test
    void an_image_is_added_with_its_prerequisite_when_the_role_has_none() {
        String bare = """
                protocolVersion: 2
                name: bare
                type: job
                taskRoles:
                  main:
                    commands:
                      - echo hi
                """;
        String edited = JobYamlFields.set(bare, Field.IMAGE, "python:3.12-slim");
        var spec = new ProtocolParser().parse(edited).spec().orElseThrow();
        assertThat(spec.taskRoles().get("main").dockerImage()).contains("image");
        assertThat(spec.prerequisites().get(0).uri()).containsExactly("python:3.12-slim");
    }

    @Test
    void multi_line_commands_are_not_editable_in_the_form_and_broken_yaml_is_left_alone() {
        String block = JOB.replace("      - python train.py\n", "      - |\n        cd src\n        python train.py\n");
        assertThat(JobYamlFields.read(block).map(JobYamlFields.Values::commandsEditable)).contains(false);
        assertThat(JobYamlFields.read("name: [unclosed")).isEqualTo(Optional.empty());
        assertThat(JobYamlFields.set("name: [unclosed", Field.NAME, "x")).isEqualTo("name: [unclosed");
        assertThat(List.of(Field.values())).hasSize(8);
    }
}
