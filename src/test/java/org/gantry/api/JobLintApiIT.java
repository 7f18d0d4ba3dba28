package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Optional;
import org.gantry.security.ApiToken;
import org.gantry.testsupport.TestSecurity;
import org.gantry.security.GroupService;
import org.gantry.security.GroupService.VirtualClusterSettings;
import org.gantry.security.TokenService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobLintApiIT {

    private static final String JOB = """
            protocolVersion: 2
            name: lint-over-rest
            type: job
            defaults:
              virtualCluster: lint-small
            taskRoles:
              train:
                instances: 2
                resourcePerInstance: {cpu: 4, memoryMB: 8192, gpu: 0}
                commands:
                  - pyhton train.py
            """;

    @LocalServerPort
    int port;

    @Autowired
    TokenService tokens;

    @Autowired
    GroupService groups;

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void lint_returns_positioned_findings_with_fixes_and_the_quota_of_the_virtual_cluster() throws Exception {
        asAdmin(() -> groups.saveVirtualCluster(new VirtualClusterSettings("lint-small", "", "local", "", 6, null,
                null)));
        String token = tokens.issue("admin", ApiToken.Kind.APPLICATION, "lint test", Optional.empty()).value();
        HttpResponse<String> response = post("/api/v2/jobs/lint", JOB, Optional.of(token));
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        JsonNode body = new ObjectMapper().readTree(response.body());
        JsonNode misspelled = find(body, "misspelled-command");
        assertThat(misspelled.path("line").asInt()).isEqualTo(11);
        assertThat(misspelled.path("column").asInt()).isEqualTo(9);
        assertThat(misspelled.path("fix").path("replacement").asText()).isEqualTo("python");
        assertThat(find(body, "over-quota").path("severity").asText()).isEqualTo("ERROR");
        assertThat(body.path("errors").asInt()).isPositive();
    }

    @Test
    void lint_reports_missing_local_and_storage_inputs_as_the_jobs_owner() throws Exception {
        org.gantry.testsupport.RestClient alice = org.gantry.testsupport.RestClient.newUser(port, "alice");
        String user = alice.username();
        assertThat(alice.put("/api/v2/storages/home/files/lint-" + user + "/train.csv", "text/csv", "a\n1\n")
                .status()).isBetween(200, 299);
        String yaml = "protocolVersion: 2\nname: lint-inputs\ntype: job\nprerequisites:\n  - name: web\n"
                + "    type: data\n    uri:\n      - http://127.0.0.1:1/not-checked-by-the-linter\n"
                + "taskRoles:\n  main:\n    commands:\n      - 'true'\nextras:\n  storages: []\n  gantry:\n"
                + "    inputs:\n      - /tmp\n      - /tmp/no-such-input-" + user + ".csv\n"
                + "      - /mnt/home/lint-" + user + "/train.csv\n      - /mnt/home/lint-" + user + "/test.csv\n";

        JsonNode body = alice.post("/api/v2/jobs/lint", "text/yaml", yaml).json();

        java.util.List<String> missing = new java.util.ArrayList<>();
        for (JsonNode finding : body.path("findings")) {
            if (finding.path("code").asText().equals("missing-input")) {
                missing.add(finding.path("line").asInt() + ":" + finding.path("column").asInt() + " "
                        + finding.path("message").asText());
            }
        }
        assertThat(missing).hasSize(2);
        assertThat(missing.get(0)).startsWith("18:9 Input /tmp/no-such-input-" + user + ".csv does not exist");
        assertThat(missing.get(1)).startsWith("20:9 Input /mnt/home/lint-" + user + "/test.csv does not exist in"
                + " storage home");
    }

    @Test
    void lint_needs_a_signed_in_caller() throws Exception {
        assertThat(post("/api/v2/jobs/lint", JOB, Optional.empty()).statusCode()).isEqualTo(401);
    }

    private static JsonNode find(JsonNode body, String code) {
        for (JsonNode finding : body.path("findings")) {
            if (finding.path("code").asText().equals(code)) {
                return finding;
            }
        }
        throw new AssertionError("no " + code + " in " + body);
    }

    private static void asAdmin(Runnable action) {
        TestSecurity.asAdmin(action);
    }

    private HttpResponse<String> post(String path, String body, Optional<String> token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Content-Type", "text/yaml").POST(HttpRequest.BodyPublishers.ofString(body));
        token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }
}
