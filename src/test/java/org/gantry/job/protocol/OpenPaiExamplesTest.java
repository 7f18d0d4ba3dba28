package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.stream.Stream;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class OpenPaiExamplesTest {

    private final ProtocolParser parser = new ProtocolParser();

    static Stream<String> openPaiFiles() {
        return Stream.of("hello-world-job.yaml", "pytorch-mnist.yaml", "horovod-pytorch-synthetic-benchmark.yaml",
                "tensorflow-serving-mnist.yaml", "cifar10-single-mul-DDP-nccl.yaml", "CPU_500Task_MNIST.yaml",
                "sklearn-text-vectorizers.yaml", "tensorflow-cifar10.yaml", "protocol-spec-example.yaml");
    }

    @ParameterizedTest
    @MethodSource("openPaiFiles")
    void openpai_job_files_are_accepted_as_they_are(String file) {
        ParseResult result = parser.parse(resource("/protocol/openpai/" + file));

        assertThat(result.errors()).isEmpty();
        assertThat(result.warnings()).isEmpty();
        assertThat(result.spec()).isPresent();
    }

    @Test
    void the_distributed_example_reads_into_the_spec() {
        JobSpec spec = parser.parse(resource("/protocol/openpai/tensorflow-cifar10.yaml")).spec().orElseThrow();

        assertThat(spec.name()).isEqualTo("tensorflow_cifar10");
        assertThat(spec.version()).contains("1.0");
        assertThat(spec.parameters()).containsEntry("model", "resnet20").containsEntry("batchsize", "32");
        assertThat(spec.taskRoles()).containsOnlyKeys("worker", "psserver");
        TaskRole worker = spec.taskRoles().get("worker");
        assertThat(worker.dockerImage()).contains("tf_example");
        assertThat(worker.data()).contains("cifar10");
        assertThat(worker.resourcePerInstance().gpu()).isEqualTo(4);
        assertThat(worker.completion().minSucceededInstances()).hasValue(1);
        assertThat(worker.completion().minFailedInstances()).hasValue(1);
        assertThat(worker.commands()).hasSize(2);
        assertThat(spec.prerequisite(Prerequisite.Type.DATA, "cifar10").orElseThrow().uri())
                .containsExactly("https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz");
        assertThat(spec.activeDeployment().orElseThrow().taskRoles().get("psserver").postCommands()).hasSize(1);
    }

    @Test
    void openpai_defaults_and_special_counts_are_kept() {
        JobSpec serving = parser.parse(resource("/protocol/openpai/tensorflow-serving-mnist.yaml")).spec().orElseThrow();
        JobSpec hello = parser.parse(resource("/protocol/openpai/hello-world-job.yaml")).spec().orElseThrow();

        assertThat(serving.jobRetryCount()).isEqualTo(-2);
        assertThat(serving.taskRoles().get("worker").resourcePerInstance().ports()).containsEntry("model_server", 0);
        assertThat(hello.taskRoles().get("taskrole").completion().minSucceededInstances()).isEmpty();
        assertThat(hello.defaults().virtualCluster()).contains("default");
        assertThat(hello.extras()).containsKey("com.microsoft.pai.runtimeplugin");
    }

    @Test
    void the_slips_of_the_early_specification_example_are_each_found() {
        ParseResult result = parser.parse(resource("/protocol/openpai-misspelled/protocol-spec-example-2018.yaml"));

        assertThat(result.problems()).extracting(Problem::severity, Problem::path, Problem::replacement)
                .containsExactly(
                        problem(Problem.Severity.WARNING, "prerequisites[0].auth.passward", "password"),
                        problem(Problem.Severity.ERROR, "taskRoles.worker.instance", "instances"),
                        problem(Problem.Severity.ERROR, "taskRoles.ps_server.resourcePerInstanec",
                                "resourcePerInstance"),
                        problem(Problem.Severity.WARNING, "default", "defaults"));
        assertThat(result.problems().get(2).message()).isEqualTo("unknown field `resourcePerInstanec` in "
                + "taskRoles.ps_server; did you mean `resourcePerInstance`? Without `resourcePerInstance` the job "
                + "would not run as written.");
        assertThat(result.problems().get(2).line()).isEqualTo(96);
        assertThat(result.problems().get(2).column()).isEqualTo(5);
        assertThat(result.spec()).isEmpty();
    }

    private static Tuple problem(Problem.Severity severity, String path, String replacement) {
        return Tuple.tuple(severity, path, Optional.of(replacement));
    }

    static String resource(String name) {
        try (InputStream in = OpenPaiExamplesTest.class.getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
