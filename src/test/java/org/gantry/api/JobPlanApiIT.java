package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobPlanApiIT {

    @LocalServerPort
    int port;

    @Test
    void a_plan_shows_each_tasks_steps_in_canonical_order_with_secrets_masked() {
        RestClient alice = RestClient.newUser(port, "alice");
        String yaml = """
                protocolVersion: 2
                name: planned
                type: job
                secrets:
                  token: s3cr3t-value
                deps:
                  env: {MODE: fast}
                  callAfter: ["echo done"]
                  pip: {packages: ["requests==2.32.3"]}
                  bash: ["mkdir -p cache"]
                taskRoles:
                  worker:
                    instances: 2
                    deps:
                      callBefore: ["echo before"]
                    commands:
                      - echo <% $secrets.token %> | login
                """;

        RestClient.Response response = alice.postYaml("/api/v2/jobs/plan", yaml);

        assertThat(response.status()).as(response.toString()).isEqualTo(200);
        JsonNode plan = response.json();
        assertThat(plan.get("virtualCluster").asText()).isEqualTo("default");
        assertThat(plan.get("tasks")).hasSize(2);
        JsonNode first = plan.get("tasks").get(0);
        assertThat(first.get("taskRole").asText()).isEqualTo("worker");
        List<String> steps = new ArrayList<>();
        first.get("steps").forEach(step -> steps.add(step.get("name").asText()));
        assertThat(steps).containsExactly("env", "bash", "pip", "callBefore", "task", "callAfter");
        assertThat(first.get("script").asText()).contains("echo before").contains("requests==2.32.3")
                .doesNotContain("s3cr3t-value");
        assertThat(plan.get("tasks").get(1).get("script").asText()).contains("PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX=");
    }

    @Test
    void a_document_with_errors_answers_its_problems_and_no_tasks() {
        RestClient alice = RestClient.newUser(port, "alice");

        JsonNode plan = alice.postYaml("/api/v2/jobs/plan", "protocolVersion: 2\nname: broken\n").json();

        assertThat(plan.get("tasks")).isEmpty();
        assertThat(plan.get("problems")).isNotEmpty();
        assertThat(plan.get("problems").get(0).get("line").asInt()).isPositive();
    }
}
