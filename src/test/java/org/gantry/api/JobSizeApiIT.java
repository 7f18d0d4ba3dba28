package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.RestClient.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Jobs that can never run and jobs too large to hold, over the REST API, on a 2-cpu node without GPUs. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "gantry.runtime.admission.queue-beyond-capacity=false", "gantry.runtime.local.cpu=2",
        "gantry.runtime.local.memory-mb=4096", "gantry.runtime.local.gpu=0"})
class JobSizeApiIT {

    @LocalServerPort
    int port;

    RestClient alice;

    @BeforeEach
    void user() {
        alice = RestClient.newUser(port, "size");
    }

    static String job(String name, String roles) {
        return """
                protocolVersion: 2
                name: %s
                type: job
                taskRoles:
                """.formatted(name) + roles;
    }

    static String role(String name, int instances, String resources) {
        return """
                  %s:
                    instances: %d
                    resourcePerInstance: %s
                    commands:
                      - python train.py
                """.formatted(name, instances, resources);
    }

    @Test
    void a_gpu_where_no_node_has_one_is_refused_naming_the_role_and_the_resource() {
        // Bug: such a job was accepted and waited for ever ("it can never start here").
        Response refused = alice.postYaml("/api/v2/jobs", job(TestJobs.uniqueName("gpu"),
                role("train", 1, "{cpu: 1, memoryMB: 512, gpu: 1}")));
        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.json().get("code").asText()).isEqualTo("InvalidParametersError");
        JsonNode error = refused.json().get("errors").get(0);
        assertThat(error.get("path").asText()).isEqualTo("taskRoles.train.resourcePerInstance.gpu");
        assertThat(error.get("message").asText()).contains("train", "1 gpu", "has 0", "not available");
    }

    @Test
    void tasks_that_start_together_must_fit_the_node_together() {
        Response refused = alice.postYaml("/api/v2/jobs", job(TestJobs.uniqueName("gang"),
                role("worker", 3, "{cpu: 1, memoryMB: 512}")));
        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        assertThat(refused.json().get("message").asText()).contains("3 cpu at once", "worker: 3 × 1", "has 2");
        assertThat(alice.postYaml("/api/v2/jobs", job(TestJobs.uniqueName("fits"),
                role("worker", 2, "{cpu: 1, memoryMB: 512}"))).status()).isEqualTo(202);
    }

    @Test
    void the_linter_says_the_same_before_submission() {
        String yaml = job(TestJobs.uniqueName("lint"), role("train", 1, "{cpu: 1, memoryMB: 512, gpu: 1}"))
                + "defaults:\n  virtualCluster: nowhere\n";
        JsonNode findings = alice.postYaml("/api/v2/jobs/lint", yaml).json().get("findings");
        assertThat(findings.findValuesAsText("code")).contains("no-virtual-cluster");
        assertThat(findings.toString()).contains("`nowhere` does not exist: you may use default");

        JsonNode beyond = alice.postYaml("/api/v2/jobs/lint", yaml.replace("nowhere", "default")).json()
                .get("findings");
        assertThat(beyond.findValuesAsText("code")).contains("beyond-capacity");
        assertThat(beyond.toString()).contains("a task of train needs 1 gpu");
    }

    @Test
    void instances_beyond_the_bound_are_refused_at_their_line_and_column() {
        // Bug: `instances: 100000` was accepted; its status GET then returned 64 MB.
        Response refused = alice.postYaml("/api/v2/jobs", job(TestJobs.uniqueName("many"),
                role("train", 100_000, "{cpu: 0, memoryMB: 0}")));
        assertThat(refused.status()).as(refused.toString()).isEqualTo(400);
        JsonNode error = refused.json().get("errors").get(0);
        assertThat(error.get("code").asText()).isEqualTo("too-many-instances");
        assertThat(error.get("line").asInt()).isEqualTo(6);
        assertThat(error.get("column").asInt()).isEqualTo(16);
        assertThat(error.get("message").asText()).contains("at most 1000");

        StringBuilder roles = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            roles.append(role("r" + i, 1000, "{cpu: 0, memoryMB: 0}"));
        }
        Response tooMany = alice.postYaml("/api/v2/jobs", job(TestJobs.uniqueName("roles"), roles.toString()));
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.json().get("errors").get(0).get("message").asText())
                .contains("6000 tasks", "at most 5000");
    }

    @Test
    void a_big_jobs_status_pages_its_tasks_and_its_stop_ends_them_all() {
        String name = alice.submit(job(TestJobs.uniqueName("big"), role("train", 1000, "{cpu: 0, memoryMB: 0}")
                + role("eval", 2, "{cpu: 0, memoryMB: 0}")));
        String path = "/api/v2/jobs/" + alice.username() + "~" + name;

        JsonNode status = alice.get(path).json();
        assertThat(status.at("/taskRoles/train/taskStatuses")).hasSize(100);
        assertThat(status.at("/taskRoles/train/taskStatusesPage/total").asInt()).isEqualTo(1000);
        assertThat(status.at("/taskRoles/train/taskStatusesPage/states/WAITING").asInt()).isEqualTo(1000);
        // a small role is listed as before, without a page
        assertThat(status.at("/taskRoles/eval/taskStatuses")).hasSize(2);
        assertThat(status.at("/taskRoles/eval").has("taskStatusesPage")).isFalse();

        JsonNode page = alice.get(path + "?taskOffset=990&taskLimit=50").json().at("/taskRoles/train");
        assertThat(page.get("taskStatuses")).hasSize(10);
        assertThat(page.get("taskStatuses").get(0).get("taskIndex").asInt()).isEqualTo(990);
        assertThat(alice.get(path + "?taskLimit=0").status()).isEqualTo(400);
        assertThat(alice.get(path + "?taskOffset=-1").status()).isEqualTo(400);

        long started = System.nanoTime();
        Response stop = alice.putJson(path + "/executionType", Map.of("value", "STOP"));
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertThat(stop.status()).as(stop.toString()).isEqualTo(202);
        System.out.println("STOP of a waiting 1002-task job answered in " + millis + " ms");

        JsonNode stopped = alice.get(path).json();
        assertThat(stopped.at("/jobStatus/state").asText()).isEqualTo("STOPPED");
        assertThat(stopped.at("/taskRoles/train/taskStatusesPage/states")).hasSize(1);
        assertThat(stopped.at("/taskRoles/train/taskStatusesPage/states/STOPPED").asInt()).isEqualTo(1000);
        assertThat(stopped.at("/taskRoles/eval/taskStatuses/1/taskState").asText()).isEqualTo("STOPPED");
        assertThat(stopped.at("/taskRoles/eval/taskStatuses/1/completedTime").asLong()).isPositive();
    }
}
