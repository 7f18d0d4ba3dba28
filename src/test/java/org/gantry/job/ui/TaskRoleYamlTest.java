package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.TaskRole;
import org.junit.jupiter.api.Test;

class TaskRoleYamlTest {

    private static final String JOB = """
            protocolVersion: 2
            name: two-roles
            type: job
            prerequisites:
              - name: image
                type: dockerimage
                uri: python:3.12
            taskRoles:
              train:
                instances: 2
                dockerImage: image
                resourcePerInstance: {cpu: 4, memoryMB: 8192, gpu: 1}
                commands:
                  - python train.py
              # evaluation runs beside training
              eval:
                instances: 1
                dockerImage: image
                commands:
                  - python eval.py   # keep this comment

            # the rest is for OpenPAI
            extras:
              foo: bar
            """;

    @Test
    void a_new_role_goes_after_the_others_like_the_role_shown_and_the_rest_stays_as_written() {
        String added = TaskRoleYaml.add(JOB, "worker", "train");
        assertThat(added).isEqualTo(JOB.replace("keep this comment\n", """
                keep this comment
                  worker:
                    instances: 1
                    dockerImage: image
                    resourcePerInstance:
                      cpu: 4
                      memoryMB: 8192
                      gpu: 1
                    commands:
                      - echo "Task $PAI_TASK_INDEX of role worker"
                """));
        TaskRole worker = parse(added).taskRoles().get("worker");
        assertThat(worker.instances()).isEqualTo(1);
        assertThat(worker.dockerImage()).contains("image");
        assertThat(worker.resourcePerInstance().cpu()).isEqualTo(4);
        assertThat(worker.commands()).containsExactly("echo \"Task $PAI_TASK_INDEX of role worker\"");
    }

    @Test
    void a_role_is_added_to_flow_task_roles_and_to_a_job_without_any() {
        String flow = """
                protocolVersion: 2
                name: flow
                type: job
                taskRoles: {main: {instances: 1, commands: [echo hi]}}
                """;
        assertThat(parse(TaskRoleYaml.add(flow, "worker", "main")).taskRoles()).containsOnlyKeys("main", "worker");
        String none = "protocolVersion: 2\nname: none\ntype: job\n";
        String added = TaskRoleYaml.add(none, "main", "");
        assertThat(added).startsWith(none).contains("taskRoles:\n  main:\n    instances: 1\n");
        assertThat(parse(added).taskRoles()).containsOnlyKeys("main");
    }

    @Test
    void a_taken_or_invalid_name_adds_nothing() {
        assertThat(TaskRoleYaml.add(JOB, "eval", "train")).isEqualTo(JOB);
        assertThat(TaskRoleYaml.add(JOB, "2nd", "train")).isEqualTo(JOB);
        assertThat(TaskRoleYaml.add("name: [unclosed", "worker", "")).isEqualTo("name: [unclosed");
        assertThat(TaskRoleYaml.nameProblem(List.of("train", "eval"), "eval")).contains("There is a task role eval"
                + " already");
        assertThat(TaskRoleYaml.nameProblem(List.of(), "my-role")).contains("Letters, digits and _, not starting with"
                + " a digit");
        assertThat(TaskRoleYaml.nameProblem(List.of(), " ")).contains("Name the task role");
        assertThat(TaskRoleYaml.nameProblem(List.of("train"), "worker")).isEmpty();
        assertThat(TaskRoleYaml.suggestedName(List.of("train"))).isEqualTo("worker");
        assertThat(TaskRoleYaml.suggestedName(List.of("worker", "role2"))).isEqualTo("role3");
    }

    @Test
    void removing_a_role_deletes_its_lines_and_its_comment_and_nothing_else() {
        assertThat(TaskRoleYaml.remove(JOB, "eval")).isEqualTo(JOB.replace("""
                  # evaluation runs beside training
                  eval:
                    instances: 1
                    dockerImage: image
                    commands:
                      - python eval.py   # keep this comment
                """, ""));
        String withoutTrain = TaskRoleYaml.remove(JOB, "train");
        assertThat(parse(withoutTrain).taskRoles()).containsOnlyKeys("eval");
        assertThat(withoutTrain).contains("taskRoles:\n  # evaluation runs beside training\n  eval:\n");
    }

    @Test
    void the_only_role_stays_and_flow_roles_are_removed_with_their_comma() {
        String one = TaskRoleYaml.remove(JOB, "eval");
        assertThat(TaskRoleYaml.remove(one, "train")).isEqualTo(one);
        String flow = "name: flow\ntaskRoles: {a: {commands: [x]}, b: {commands: [y]}, c: {commands: [z]}}\n";
        assertThat(TaskRoleYaml.remove(flow, "b")).isEqualTo("name: flow\ntaskRoles: {a: {commands: [x]}, c:"
                + " {commands: [z]}}\n");
        assertThat(TaskRoleYaml.remove(flow, "a")).isEqualTo("name: flow\ntaskRoles: {b: {commands: [y]}, c:"
                + " {commands: [z]}}\n");
    }

    private static JobSpec parse(String yaml) {
        var parsed = new ProtocolParser().parse(yaml);
        assertThat(parsed.errors()).isEmpty();
        return parsed.spec().orElseThrow();
    }
}
