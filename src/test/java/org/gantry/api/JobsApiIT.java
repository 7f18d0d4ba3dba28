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

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobsApiIT {

    @LocalServerPort
    int port;

    RestClient alice;
    RestClient bob;
    String aliceName;

    @BeforeEach
    void users() {
        alice = RestClient.newUser(port, "alice");
        bob = RestClient.newUser(port, "bob");
        aliceName = alice.username();
    }

    @Test
    void a_submitted_job_is_acknowledged_and_waits_with_one_task_per_instance() {
        String name = TestJobs.uniqueName("two-roles");
        Response submitted = alice.postYaml("/api/v2/jobs", TestJobs.twoRoles(name));
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        assertThat(submitted.json().get("message").asText()).contains(name);

        JsonNode job = alice.get("/api/v2/jobs/" + aliceName + "~" + name).json();
        assertThat(job.get("name").asText()).isEqualTo(name);
        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("WAITING");
        assertThat(job.at("/jobStatus/username").asText()).isEqualTo(aliceName);
        assertThat(job.at("/jobStatus/virtualCluster").asText()).isEqualTo("default");
        assertThat(job.at("/jobStatus/attemptId").asInt()).isZero();
        JsonNode train = job.at("/taskRoles/train/taskStatuses");
        assertThat(train).hasSize(2);
        assertThat(train.get(1).get("taskIndex").asInt()).isEqualTo(1);
        assertThat(train.get(0).get("taskState").asText()).isEqualTo("WAITING");
        assertThat(train.get(0).has("containerIp")).isTrue();
        assertThat(train.get(0).get("containerIp").isNull()).isTrue();
        assertThat(train.get(0).get("containerPorts").isObject()).isTrue();
        assertThat(train.get(0).get("containerPorts")).isEmpty();
        assertThat(job.at("/taskRoles/eval/taskStatuses")).hasSize(1);

        JsonNode listed = alice.get("/api/v2/jobs?username=" + aliceName).json();
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("totalTaskNumber").asInt()).isEqualTo(3);
        assertThat(listed.get(0).get("totalGpuNumber").asInt()).isEqualTo(2);
        assertThat(listed.get(0).get("totalTaskRoleNumber").asInt()).isEqualTo(2);
        assertThat(listed.get(0).get("state").asText()).isEqualTo("WAITING");
        assertThat(listed.get(0).get("submissionTime").asLong()).isPositive();
    }

    @Test
    void the_same_name_twice_is_a_conflict() {
        String name = TestJobs.uniqueName("twice");
        assertThat(alice.postYaml("/api/v2/jobs", TestJobs.twoRoles(name)).status()).isEqualTo(202);
        Response again = alice.postYaml("/api/v2/jobs", TestJobs.twoRoles(name));
        assertThat(again.status()).isEqualTo(409);
        assertThat(again.json().get("code").asText()).isEqualTo("ConflictJobError");
        // another user may use the name
        assertThat(bob.postYaml("/api/v2/jobs", TestJobs.twoRoles(name)).status()).isEqualTo(202);
    }

    @Test
    void an_invalid_document_gets_400_with_every_error_positioned() {
        String yaml = """
                protocolVersion: 2
                name: bad-types
                type: job
                taskRoles:
                  train:
                    instances: many
                    resourcePerInstance:
                      gpu: lots
                    commands:
                      - python train.py
                """;
        Response response = alice.postYaml("/api/v2/jobs", yaml);
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        JsonNode body = response.json();
        assertThat(body.get("code").asText()).isEqualTo("InvalidParametersError");
        assertThat(body.get("errors")).hasSizeGreaterThanOrEqualTo(2);
        JsonNode instances = find(body.get("errors"), "taskRoles.train.instances");
        assertThat(instances.get("line").asInt()).isEqualTo(6);
        assertThat(instances.get("column").asInt()).isEqualTo(16);
        assertThat(instances.get("message").asText()).isNotBlank();
        assertThat(find(body.get("errors"), "taskRoles.train.resourcePerInstance.gpu").get("line").asInt())
                .isEqualTo(8);
    }

    @Test
    void an_unknown_expression_is_refused_naming_the_key_and_its_line() {
        String yaml = TestJobs.withCommand(TestJobs.uniqueName("expr"), "cd <% expression.x %> && make");
        Response response = alice.postYaml("/api/v2/jobs", yaml);
        assertThat(response.status()).as(response.toString()).isEqualTo(400);
        JsonNode error = response.json().get("errors").get(0);
        assertThat(error.get("message").asText()).contains("x");
        assertThat(error.get("line").asInt()).isEqualTo(7);
        assertThat(response.json().get("message").asText()).contains("line 7");
    }

    @Test
    void a_users_expressions_are_put_into_the_stored_job() {
        assertThat(alice.putJson("/api/v2/users/me/expressions/workdir", Map.of("value", "/data/alice")).status())
                .isEqualTo(201);
        String name = TestJobs.uniqueName("expr-ok");
        Response submitted = alice.postYaml("/api/v2/jobs",
                TestJobs.withCommand(name, "cd <% expression.workdir %> && make"));
        assertThat(submitted.status()).as(submitted.toString()).isEqualTo(202);
        // the config is the document as written; the expression was resolved for the runtime
        assertThat(alice.get("/api/v2/jobs/" + aliceName + "~" + name + "/config").body())
                .contains("<% expression.workdir %>");
    }

    @Test
    void the_list_filters_pages_counts_and_orders_in_the_database() {
        String tag = TestJobs.uniqueName("batch");
        for (int i = 0; i < 5; i++) {
            String name = tag + "-" + i;
            assertThat(alice.postYaml("/api/v2/jobs", TestJobs.twoRoles(name)).status()).isEqualTo(202);
        }
        String query = "/api/v2/jobs?username=" + aliceName + "&keyword=" + tag;
        JsonNode page = alice.get(query + "&offset=1&limit=2&order=jobName,ASC&withTotalCount=true").json();
        assertThat(page.get("totalCount").asInt()).isEqualTo(5);
        assertThat(page.get("data")).extracting(j -> j.get("name").asText()).containsExactly(tag + "-1", tag + "-2");
        assertThat(alice.get(query + "&order=jobName,DESC&limit=1").json().get(0).get("name").asText())
                .isEqualTo(tag + "-4");
        assertThat(bob.get(query + "&state=RUNNING").json()).isEmpty();
        assertThat(bob.get(query + "&state=WAITING").json()).hasSize(5);
        assertThat(alice.get("/api/v2/jobs?state=NOPE").status()).isEqualTo(400);
        assertThat(alice.get("/api/v2/jobs?order=colour,ASC").status()).isEqualTo(400);
        assertThat(alice.get("/api/v2/jobs?limit=50001").status()).isEqualTo(400);
    }

    @Test
    void only_the_owner_or_an_admin_may_stop_or_tag_a_job() {
        String name = TestJobs.uniqueName("guarded");
        alice.postYaml("/api/v2/jobs", TestJobs.twoRoles(name));
        String path = "/api/v2/jobs/" + aliceName + "~" + name;

        Response bobStops = bob.putJson(path + "/executionType", Map.of("value", "STOP"));
        assertThat(bobStops.status()).isEqualTo(403);
        assertThat(bobStops.json().get("code").asText()).isEqualTo("ForbiddenUserError");
        assertThat(bob.putJson(path + "/tag", Map.of("value", "mine")).status()).isEqualTo(403);
        assertThat(bob.get(path).json().at("/jobStatus/state").asText()).isEqualTo("WAITING");

        assertThat(RestClient.admin(port).putJson(path + "/tag", Map.of("value", "reviewed")).status()).isEqualTo(200);
        assertThat(alice.putJson(path + "/tag", Map.of("value", "baseline")).status()).isEqualTo(200);
        assertThat(alice.get(path).json().get("tags")).extracting(JsonNode::asText)
                .containsExactly("baseline", "reviewed");
        assertThat(alice.get("/api/v2/jobs?username=" + aliceName + "&tagsContain=baseline").json()).hasSize(1);
        assertThat(alice.get("/api/v2/jobs?username=" + aliceName + "&tagsNotContain=baseline").json()).isEmpty();
        assertThat(alice.deleteJson(path + "/tag", Map.of("value", "reviewed")).status()).isEqualTo(200);
        Response missing = alice.deleteJson(path + "/tag", Map.of("value", "reviewed"));
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("code").asText()).isEqualTo("NoTagError");

        Response stopped = alice.putJson(path + "/executionType", Map.of("value", "STOP"));
        assertThat(stopped.status()).as(stopped.toString()).isEqualTo(202);
        JsonNode job = bob.get(path).json();
        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("STOPPED");
        assertThat(job.at("/jobStatus/executionType").asText()).isEqualTo("STOP");
        assertThat(job.at("/taskRoles/train/taskStatuses/0/taskState").asText()).isEqualTo("STOPPED");
        assertThat(alice.putJson(path + "/executionType", Map.of("value", "START")).status()).isEqualTo(400);
        assertThat(alice.putJson(path + "/executionType", Map.of("value", "PAUSE")).status()).isEqualTo(400);

        JsonNode events = bob.get(path + "/events").json();
        assertThat(events.get("totalCount").asInt()).isEqualTo(2);
        assertThat(events.get("data").get(0).get("reason").asText()).isEqualTo("StopRequested");
        assertThat(events.get("data").get(1).get("reason").asText()).isEqualTo("Submitted");
        assertThat(bob.get(path + "/events?type=Warning").json().get("totalCount").asInt()).isZero();
    }

    @Test
    void attempts_tasks_and_log_locations_are_served() {
        String name = TestJobs.uniqueName("attempts");
        alice.postYaml("/api/v2/jobs", TestJobs.twoRoles(name));
        String path = "/api/v2/jobs/" + aliceName + "~" + name;

        JsonNode attempts = alice.get(path + "/attempts").json();
        assertThat(attempts).hasSize(1);
        assertThat(attempts.get(0).get("attemptIndex").asInt()).isZero();
        assertThat(attempts.get(0).get("isLatest").asBoolean()).isTrue();
        assertThat(alice.get(path + "/job-attempts/0").json().get("frameworkName").asText())
                .isEqualTo(aliceName + "~" + name);
        assertThat(alice.get(path + "/attempts/0").json().at("/jobStatus/attemptState").asText()).isEqualTo("WAITING");
        assertThat(alice.get(path + "/attempts/7").status()).isEqualTo(404);

        JsonNode task = alice.get(path + "/attempts/0/taskRoles/train/taskIndex/1/attempts").json();
        assertThat(task.get("taskRoleName").asText()).isEqualTo("train");
        assertThat(task.get("attempts").get(0).get("containerLog").asText()).endsWith("/attempts/0/logs");
        assertThat(task.get("attempts").get(0).get("steps")).as("not launched yet").isEmpty();
        assertThat(alice.get(path + "/attempts/0/taskRoles/train/taskIndex/9/attempts").status()).isEqualTo(404);
        JsonNode logs = alice.get(path + "/attempts/0/taskRoles/train/taskIndex/1/attempts/0/logs").json();
        assertThat(logs.get("locations")).isEmpty();
    }

    @Test
    void without_the_runtime_a_log_is_not_found_for_its_owner_and_forbidden_to_others() {
        String name = TestJobs.uniqueName("nolog");
        alice.postYaml("/api/v2/jobs", TestJobs.twoRoles(name));
        String log = "/api/v2/jobs/" + aliceName + "~" + name + "/attempts/0/taskRoles/train/taskIndex/1/attempts/0"
                + "/logs/stdout";

        Response own = alice.get(log);
        assertThat(own.status()).isEqualTo(404);
        assertThat(own.json().get("code").asText()).isEqualTo("NoTaskLogError");
        assertThat(bob.get(log).status()).isEqualTo(403);
        assertThat(alice.get(log.replace("taskIndex/1", "taskIndex/9")).status()).isEqualTo(404);
    }

    @Test
    void the_virtual_cluster_must_exist_and_be_granted() {
        Response missing = alice.postYaml("/api/v2/jobs",
                TestJobs.inVirtualCluster(TestJobs.uniqueName("vc"), "nowhere"));
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.json().get("code").asText()).isEqualTo("NoVirtualClusterError");
        assertThat(missing.json().get("errors").get(0).get("line").asInt()).isEqualTo(5);
    }

    @Test
    void wrong_requests_get_4xx_not_500() {
        assertThat(alice.get("/api/v2/jobs/nobody~nothing").status()).isEqualTo(404);
        assertThat(alice.get("/api/v2/jobs/nobody~nothing").json().get("code").asText()).isEqualTo("NoJobError");
        assertThat(alice.post("/api/v2/jobs", "image/png", "xx").status()).isEqualTo(415);
        String path = "/api/v2/jobs/" + aliceName + "~x/tag";
        assertThat(alice.post("/api/v2/jobs/" + aliceName + "~x/tag", "application/json", "{").status())
                .isEqualTo(405);
        Response malformed = alice.put(path, "application/json", "{\"value\": ");
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(malformed.json().get("code").asText()).isEqualTo("InvalidParametersError");
        Response huge = alice.postYaml("/api/v2/jobs", "name: x\n" + "#".repeat(3 * 1024 * 1024));
        assertThat(huge.status()).isEqualTo(413);
        Response large = alice.postYaml("/api/v2/jobs", "name: x\n" + "#".repeat(1536 * 1024));
        assertThat(large.status()).isEqualTo(413);
        assertThat(alice.postYaml("/api/v2/jobs", "").status()).isEqualTo(400);
        assertThat(alice.get("/api/v2/no-such-api").status()).isEqualTo(404);
    }

    @Test
    void openpai_clients_may_call_through_the_rest_server_prefix() {
        String name = TestJobs.uniqueName("prefixed");
        assertThat(alice.postYaml("/rest-server/api/v2/jobs", TestJobs.twoRoles(name)).status()).isEqualTo(202);
        assertThat(alice.get("/rest-server/api/v2/jobs/" + aliceName + "~" + name).status()).isEqualTo(200);
        assertThat(RestClient.anonymous(port).get("/rest-server/api/v2/jobs").status()).isEqualTo(401);
        assertThat(RestClient.anonymous(port).get("/rest-server/api/v2/info").status()).isEqualTo(200);
    }

    private static JsonNode find(JsonNode errors, String path) {
        for (JsonNode error : errors) {
            if (error.get("path").asText().equals(path)) {
                return error;
            }
        }
        throw new AssertionError("No error at " + path + " in " + errors);
    }
}
