package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.protocol.Jobs.only;
import static org.gantry.job.protocol.Jobs.parse;
import static org.gantry.job.protocol.Jobs.spec;

import java.util.Optional;
import org.gantry.job.protocol.Problem.Severity;
import org.junit.jupiter.api.Test;

class ReferencesTest {

    private static final String JOB = """
            protocolVersion: 2
            name: refs
            type: job
            prerequisites:
              - {name: tf_example, type: dockerimage, uri: openpai/tensorflow}
              - {name: cifar10, type: data, uri: [/mnt/cifar10]}
              - {name: benchmarks, type: script, uri: /mnt/benchmarks}
              - {name: cifar10, type: output, uri: /mnt/out}
            taskRoles:
              worker:
                dockerImage: tf_example
                data: cifar10
                script: benchmarks
                output: cifar10
                commands: [python train.py]
            deployments:
              - name: prod
                taskRoles:
                  worker:
                    preCommands: [echo start]
            defaults:
              deployment: prod
            """;

    @Test
    void names_may_repeat_across_prerequisite_types() {
        JobSpec spec = spec(JOB);

        assertThat(spec.prerequisite(Prerequisite.Type.OUTPUT, "cifar10").orElseThrow().uri())
                .containsExactly("/mnt/out");
    }

    @Test
    void a_misspelled_docker_image_names_the_one_it_likely_meant() {
        Problem problem = only(parse(JOB.replace("dockerImage: tf_example", "dockerImage: tf_exmaple")),
                "bad-reference");

        assertThat(problem.severity()).isEqualTo(Severity.ERROR);
        assertThat(problem.message()).isEqualTo("taskRoles.worker.dockerImage: no dockerimage prerequisite named "
                + "`tf_exmaple`; did you mean `tf_example`?");
        assertThat(problem.replacement()).contains("tf_example");
        assertThat(problem).extracting(Problem::line, Problem::column, Problem::endColumn).containsExactly(11, 18, 28);
    }

    @Test
    void a_reference_to_a_prerequisite_of_another_type_says_so() {
        Problem problem = only(parse(JOB.replace("script: benchmarks", "script: cifar10")), "bad-reference");

        assertThat(problem.message()).isEqualTo("taskRoles.worker.script: `cifar10` is a data prerequisite, not a script");
    }

    @Test
    void the_default_deployment_must_exist() {
        Problem problem = only(parse(JOB.replace("deployment: prod", "deployment: production")), "bad-reference");

        assertThat(problem.path()).isEqualTo("defaults.deployment");
        assertThat(problem.message()).endsWith("there are: prod");
    }

    @Test
    void deployment_commands_for_an_unknown_task_role_are_a_warning() {
        ParseResult result = parse(JOB.replace("      worker:\n        preCommands", "      wroker:\n        preCommands"));

        Problem problem = only(result, "bad-reference");
        assertThat(problem.severity()).isEqualTo(Severity.WARNING);
        assertThat(problem.replacement()).contains("worker");
        assertThat(result.spec()).isPresent();
    }

    @Test
    void a_task_role_must_pick_a_docker_image_when_the_job_declares_some() {
        Problem problem = only(parse(JOB.replace("    dockerImage: tf_example\n", "")), "missing-field");

        assertThat(problem.message()).isEqualTo("taskRoles.worker needs `dockerImage`");
        assertThat(problem.line()).isEqualTo(10);
    }

    @Test
    void a_job_without_docker_images_runs_its_tasks_without_one() {
        assertThat(spec(Jobs.MINIMAL).taskRoles().get("train").dockerImage()).isEqualTo(Optional.empty());
    }

    @Test
    void a_broken_prerequisite_is_reported_once_not_again_at_each_reference() {
        ParseResult result = parse(JOB.replace("{name: tf_example, type: dockerimage, uri: openpai/tensorflow}",
                "{name: tf_example, type: dockerimage, uri: [a, b]}"));

        assertThat(result.problems()).extracting(Problem::code).containsExactly("type-mismatch");
    }
}
