package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.RestClient.Response;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** An application token runs jobs and reads; it cannot manage tokens, its account, users or groups. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ApplicationTokenIT {

    @LocalServerPort
    int port;

    RestClient session;
    RestClient app;
    String appHandle;
    String user;

    @BeforeEach
    void applicationToken() {
        session = RestClient.newUser(port, "apptoken");
        user = session.username();
        Response created = session.postJson("/api/v2/tokens/application", Map.of("label", "script"));
        appHandle = created.json().get("handle").asText();
        app = session.withToken(created.json().get("token").asText());
    }

    @Test
    void an_application_token_submits_and_manages_jobs() {
        String name = TestJobs.uniqueName("by-app");
        String job = "/api/v2/jobs/" + user + "~" + name;

        assertThat(app.postYaml("/api/v2/jobs", TestJobs.twoRoles(name)).status()).isEqualTo(202);
        assertThat(app.get("/api/v2/jobs?username=" + user).json()).hasSize(1);
        assertThat(app.get(job).json().get("name").asText()).isEqualTo(name);
        assertThat(app.get(job + "/config").status()).isEqualTo(200);
        assertThat(app.get(job + "/events").status()).isEqualTo(200);
        assertThat(app.get(job + "/attempts").json()).hasSize(1);
        assertThat(app.get(job + "/attempts/0/taskRoles/train/taskIndex/0/attempts/0/logs").status()).isEqualTo(200);
        assertThat(app.putJson(job + "/tag", Map.of("value", "nightly")).status()).isEqualTo(200);
        assertThat(app.deleteJson(job + "/tag", Map.of("value", "nightly")).status()).isEqualTo(200);
        assertThat(app.putJson(job + "/star", Map.of()).status()).isEqualTo(200);
        assertThat(app.get("/api/v2/users/me/starred-jobs").json()).hasSize(1);
        assertThat(app.delete(job + "/star").status()).isEqualTo(200);
        assertThat(app.post("/api/v2/jobs/lint", "text/yaml", TestJobs.twoRoles("x")).status()).isEqualTo(200);
        assertThat(app.post("/api/v2/jobs/plan", "text/yaml", TestJobs.twoRoles("x")).status()).isEqualTo(200);
        assertThat(app.putJson(job + "/executionType", Map.of("value", "STOP")).status()).isEqualTo(202);
        assertThat(app.get(job).json().at("/jobStatus/state").asText()).isEqualTo("STOPPED");
    }

    @Test
    void an_application_token_reads_cluster_and_account_information() {
        assertThat(app.get("/api/v2/info").status()).isEqualTo(200);
        assertThat(app.get("/api/v2/users/me").json().get("username").asText()).isEqualTo(user);
        assertThat(app.get("/api/v2/virtual-clusters").json().has("default")).isTrue();
        assertThat(app.get("/api/v2/groups").status()).isEqualTo(200);
        assertThat(app.get("/api/v2/tokens").status()).isEqualTo(200);
    }

    @Test
    void an_application_token_cannot_create_or_revoke_tokens() {
        assertRefused(app.postJson("/api/v2/tokens/application", Map.of()), "create or revoke tokens");
        String sessionHandle = session.get("/api/v2/tokens").json().at("/details").findValuesAsText("handle").stream()
                .filter(h -> !h.equals(appHandle)).findFirst().orElseThrow();
        assertRefused(app.delete("/api/v2/tokens/" + sessionHandle), "create or revoke tokens");
        assertRefused(app.delete("/api/v2/tokens/" + session.token()), "create or revoke tokens");
        assertThat(session.get("/api/v2/users/me").status()).isEqualTo(200);
    }

    @Test
    void an_application_token_cannot_change_its_account() {
        assertRefused(app.putJson("/api/v2/users/me", Map.of("data", Map.of("email", "evil@example.org"),
                "patch", true)), "change their account");
        assertRefused(app.putJson("/api/v2/users/me", Map.of("data", Map.of("oldPassword", "pw-" + user,
                "newPassword", "taken-over-1"), "patch", true)), "change their account");
        assertRefused(app.putJson("/api/v2/users/me/expressions/dataset", Map.of("value", "/x")),
                "change their account");
        assertRefused(app.postJson("/api/v2/users/me/ssh-keys", Map.of("name", "k", "publicKey", "ssh-ed25519 AAAA")),
                "change their account");
        assertThat(session.get("/api/v2/users/me").json().get("email").asText()).isEmpty();
        RestClient.anonymous(port).login(user, "pw-" + user);
    }

    @Test
    void logging_out_with_an_application_token_revokes_only_that_token() {
        assertThat(app.delete("/api/v2/authn/basic/logout").status()).isEqualTo(200);
        assertThat(app.get("/api/v2/users/me").status()).isEqualTo(401);
        assertThat(session.get("/api/v2/users/me").status()).isEqualTo(200);
    }

    @Test
    void an_administrators_application_token_cannot_manage_users_or_groups() {
        RestClient admin = applicationTokenOf(RestClient.admin(port));
        assertRefused(admin.postJson("/api/v2/users", Map.of("username", "made-by-app", "password", "long-enough")),
                "manage users");
        assertRefused(admin.putJson("/api/v2/users", Map.of("data", Map.of("username", user, "admin", true),
                "patch", true)), "manage users");
        assertRefused(admin.delete("/api/v2/users/" + user), "manage users");
        assertRefused(admin.putJson("/api/v2/users/" + user + "/grouplist", Map.of("grouplist", List.of("default"))),
                "manage users");
        assertRefused(admin.postJson("/api/v2/groups", Map.of("groupname", "made-by-app")), "manage groups");
        assertRefused(admin.delete("/api/v2/groups/default"), "manage groups");
        assertThat(admin.get("/api/v2/users").status()).isEqualTo(200);
        assertThat(session.get("/api/v2/users/me").json().get("admin").asBoolean()).isFalse();
        assertThat(RestClient.admin(port).get("/api/v2/users/made-by-app").status()).isEqualTo(404);
    }

    @Test
    void the_refusal_also_holds_under_the_rest_server_prefix() {
        assertRefused(app.postJson("/rest-server/api/v2/tokens/application", Map.of()), "create or revoke tokens");
        assertThat(app.get("/rest-server/api/v2/users/me").status()).isEqualTo(200);
    }

    private RestClient applicationTokenOf(RestClient client) {
        Response created = client.postJson("/api/v2/tokens/application", Map.of("label", "script"));
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        return client.withToken(created.json().get("token").asText());
    }

    private static void assertRefused(Response response, String what) {
        assertThat(response.status()).as(response.toString()).isEqualTo(403);
        assertThat(response.json().get("code").asText()).isEqualTo("ForbiddenUserError");
        // OpenPAI's words, which its SDK's suite compares; Gantry's reason beside them
        assertThat(response.json().get("message").asText()).isEqualTo("Applications are not allowed to do this operation.");
        assertThat(response.json().get("detail").asText()).startsWith("Application tokens cannot " + what);
    }
}
