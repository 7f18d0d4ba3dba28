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

    private static final String TWO_ROLES = """
            protocolVersion: 2
            name: train-and-eval
            type: job
            prerequisites:
              - name: image
                type: dockerimage
                uri: pytorch/pytorch:2.3.0
            taskRoles:
              train:
                instances: 2
                dockerImage: image
                resourcePerInstance:
                  cpu: 4
                  memoryMB: 8192
                commands:
                  - python train.py   # the long part
              # evaluation runs beside training
              eval:
                instances: 1
                dockerImage: image
                resourcePerInstance:
                  cpu: 2
                  memoryMB: 4096
                commands:
                  - python eval.py
            """;

    @Test
    void reads_the_first_task_roles_fields() {
        JobYamlFields.Values values = JobYamlFields.read(JOB).orElseThrow();
        assertThat(values.name()).isEqualTo("mnist");
        JobYamlFields.RoleValues train = values.roles().get(0);
        assertThat(train.name()).isEqualTo("train");
        assertThat(train.image()).isEqualTo("pytorch/pytorch:2.3.0");
        assertThat(train.instances()).contains(1);
        assertThat(train.cpu()).contains(4);
        assertThat(train.gpu()).isEmpty();
        assertThat(train.commands()).containsExactly("pip list", "python train.py");
        assertThat(train.commandsEditable()).isTrue();
    }

    @Test
    void reads_every_task_role_in_the_documents_order() {
        JobYamlFields.Values values = JobYamlFields.read(TWO_ROLES).orElseThrow();
        assertThat(values.roleNames()).containsExactly("train", "eval");
        JobYamlFields.RoleValues eval = values.role("eval").orElseThrow();
        assertThat(eval.instances()).contains(1);
        assertThat(eval.cpu()).contains(2);
        assertThat(eval.memoryMB()).contains(4096);
        assertThat(eval.image()).isEqualTo("pytorch/pytorch:2.3.0");
        assertThat(eval.commands()).containsExactly("python eval.py");
    }

    @Test
    void a_field_of_the_second_role_changes_only_that_roles_text() {
        assertThat(JobYamlFields.set(TWO_ROLES, "eval", Field.CPU, "3"))
                .isEqualTo(TWO_ROLES.replace("cpu: 2", "cpu: 3"));
        assertThat(JobYamlFields.set(TWO_ROLES, "eval", Field.COMMANDS, "nvidia-smi\npython eval.py --all"))
                .isEqualTo(TWO_ROLES.replace("      - python eval.py\n",
                        "      - nvidia-smi\n      - python eval.py --all\n"));
        assertThat(JobYamlFields.set(TWO_ROLES, "eval", Field.INSTANCES, "4"))
                .isEqualTo(TWO_ROLES.replace("instances: 1", "instances: 4"));
    }

    @Test
    void a_role_that_shares_its_image_gets_a_prerequisite_of_its_own() {
        String edited = JobYamlFields.set(TWO_ROLES, "eval", Field.IMAGE, "python:3.12-slim");
        var spec = new ProtocolParser().parse(edited).spec().orElseThrow();
        assertThat(spec.taskRoles().get("train").dockerImage()).contains("image");
        assertThat(spec.taskRoles().get("eval").dockerImage()).contains("eval-image");
        assertThat(JobYamlFields.read(edited).orElseThrow().roles()).extracting(JobYamlFields.RoleValues::image)
                .containsExactly("pytorch/pytorch:2.3.0", "python:3.12-slim");
        assertThat(edited).contains("  # evaluation runs beside training\n", "python train.py   # the long part");

        String again = JobYamlFields.set(edited, "eval", Field.IMAGE, "python:3.13-slim");
        assertThat(again).isEqualTo(edited.replace("\"python:3.12-slim\"", "python:3.13-slim"));
    }

    @Test
    void a_role_the_document_does_not_have_is_not_made_up() {
        assertThat(JobYamlFields.set(TWO_ROLES, "test", Field.CPU, "1")).isEqualTo(TWO_ROLES);
    }

    @Test
    void a_key_is_added_to_a_block_mapping_that_other_keys_follow() {
        // regression: the end of a nested block mapping is where the next key starts, so the new
        // line went in after that key's line
        String gpu = JobYamlFields.set(TWO_ROLES, "train", Field.GPU, "1");
        assertThat(gpu).isEqualTo(TWO_ROLES.replace("      memoryMB: 8192\n", "      memoryMB: 8192\n      gpu: 1\n"));
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
    void a_value_with_a_carriage_return_or_control_character_reads_back_as_typed() {
        // Bug: the form's own double-quoting left \r and control characters raw, so a name read back changed
        for (String name : List.of("a\rb", "bell\u0007", "nel\u0085x")) {
            String edited = JobYamlFields.set(JOB, Field.NAME, name);
            assertThat(JobYamlFields.read(edited)).as(edited).map(v -> v.name()).contains(name);
        }
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
        assertThat(JobYamlFields.read(three).orElseThrow().roles().get(0).commands())
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
        assertThat(JobYamlFields.read(block).map(v -> v.roles().get(0).commandsEditable())).contains(false);
        assertThat(JobYamlFields.read("name: [unclosed")).isEqualTo(Optional.empty());
        assertThat(JobYamlFields.set("name: [unclosed", Field.NAME, "x")).isEqualTo("name: [unclosed");
        assertThat(List.of(Field.values())).hasSize(14);
        assertThat(YamlText.problem("name: [unclosed")).hasValueSatisfying(problem -> assertThat(problem)
                .startsWith("line 1, column 16: "));
        assertThat(YamlText.problem(JOB)).isEmpty();
    }
}
