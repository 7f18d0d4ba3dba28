package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.RestClient.Response;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AccountsApiIT {

    @LocalServerPort
    int port;

    @Test
    void info_is_public_and_says_basic_authentication() {
        JsonNode info = RestClient.anonymous(port).get("/api/v2/info").json();
        assertThat(info.get("authnMethod").asText()).isEqualTo("basic");
        // OpenPAI's API description allows only yarn or k8s; what runs the tasks is in executors.
        assertThat(info.get("launcherType").asText()).isEqualTo("k8s");
        assertThat(info.get("executors")).extracting(JsonNode::asText).contains("local");
        assertThat(info.get("version").asText()).startsWith("v");
    }

    @Test
    void login_answers_token_user_and_admin_for_form_and_json_bodies() {
        Response form = RestClient.anonymous(port).post("/api/v2/authn/basic/login",
                "application/x-www-form-urlencoded", "username=admin&password=" + RestClient.ADMIN_PASSWORD
                        + "&expiration=600");
        assertThat(form.status()).as(form.toString()).isEqualTo(200);
        assertThat(form.json().get("user").asText()).isEqualTo("admin");
        assertThat(form.json().get("admin").asBoolean()).isTrue();
        assertThat(form.json().get("token").asText()).hasSizeGreaterThan(30);

        Response json = RestClient.anonymous(port).postJson("/api/v2/authn/basic/login",
                Map.of("username", "admin", "password", RestClient.ADMIN_PASSWORD));
        assertThat(json.status()).isEqualTo(200);

        Response wrong = RestClient.anonymous(port).postJson("/api/v2/authn/basic/login",
                Map.of("username", "admin", "password", "wrong-password"));
        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.json().get("code").asText()).isEqualTo("IncorrectPasswordError");
        Response unknown = RestClient.anonymous(port).postJson("/api/v2/authn/basic/login",
                Map.of("username", "nobody-at-all", "password", "whatever1"));
        assertThat(unknown.json().get("message").asText()).isEqualTo(wrong.json().get("message").asText());
    }

    @Test
    void repeated_failures_from_one_address_are_refused_with_retry_after() throws IOException {
        // A loopback address of its own, so that the block does not hit the other tests' logins.
        String address = "127.0.0.77";
        String username = "victim-" + System.nanoTime();
        for (int i = 0; i < 10; i++) {
            assertThat(rawLogin(address, username, "guess-" + i)).startsWith("HTTP/1.1 400");
        }
        String blocked = rawLogin(address, "someone-else", "guess");
        assertThat(blocked).startsWith("HTTP/1.1 429").containsIgnoringCase("Retry-After:");
        // the account is blocked from any address too; the admin from 127.0.0.1 is not
        assertThat(RestClient.anonymous(port).postJson("/api/v2/authn/basic/login",
                Map.of("username", username, "password", "x")).status()).isEqualTo(429);
        assertThat(RestClient.admin(port).token()).isNotBlank();
    }

    @Test
    void tokens_are_listed_by_handle_and_revocable_and_logout_revokes_the_session() {
        RestClient user = RestClient.newUser(port, "tokens");
        Response created = user.postJson("/api/v2/tokens/application", Map.of());
        assertThat(created.status()).isEqualTo(200);
        assertThat(created.json().get("application").asBoolean()).isTrue();
        String appToken = created.json().get("token").asText();
        String handle = created.json().get("handle").asText();

        JsonNode listed = user.get("/api/v2/tokens").json();
        assertThat(listed.get("tokens")).extracting(JsonNode::asText).contains(handle).doesNotContain(appToken);
        assertThat(listed.toString()).doesNotContain(appToken);

        RestClient app = RestClient.anonymous(port).withToken(appToken);
        assertThat(app.get("/api/v2/users/me").status()).isEqualTo(200);
        assertThat(user.delete("/api/v2/tokens/" + handle).status()).isEqualTo(200);
        assertThat(app.get("/api/v2/users/me").status()).isEqualTo(401);
        assertThat(user.delete("/api/v2/tokens/" + handle).status()).isEqualTo(404);

        assertThat(user.delete("/api/v2/authn/basic/logout").status()).isEqualTo(200);
        assertThat(user.get("/api/v2/users/me").status()).isEqualTo(401);
    }

    @Test
    void users_are_managed_by_admins_and_see_themselves() {
        RestClient admin = RestClient.admin(port);
        RestClient user = RestClient.newUser(port, "carol");
        String carol = user.username();

        JsonNode me = user.get("/api/v2/users/me").json();
        assertThat(me.get("admin").asBoolean()).isFalse();
        assertThat(me.get("virtualCluster")).extracting(JsonNode::asText).containsExactly("default");
        assertThat(me.has("storageConfig")).isTrue();
        assertThat(user.get("/api/v2/users").status()).isEqualTo(403);
        assertThat(user.get("/api/v2/users/admin").status()).isEqualTo(403);
        assertThat(admin.get("/api/v2/users/" + carol).json().get("username").asText()).isEqualTo(carol);
        assertThat(admin.get("/api/v2/users/").json()).extracting(u -> u.get("username").asText())
                .contains("admin", carol);
        Response duplicate = admin.postJson("/api/v2/users", Map.of("username", carol, "password", "long-enough"));
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(duplicate.json().get("code").asText()).isEqualTo("ConflictUserError");

        assertThat(user.putJson("/api/v2/users/me", Map.of("data", Map.of("email", "carol@example.org"),
                "patch", true)).status()).isEqualTo(201);
        assertThat(admin.putJson("/api/v2/users", Map.of("data", Map.of("username", carol, "admin", true),
                "patch", true)).status()).isEqualTo(201);
        JsonNode updated = admin.get("/api/v2/users/" + carol).json();
        assertThat(updated.get("admin").asBoolean()).isTrue();
        assertThat(updated.get("email").asText()).isEqualTo("carol@example.org");
        assertThat(user.putJson("/api/v2/users", Map.of("data", Map.of("username", carol))).status()).isEqualTo(201);
    }

    @Test
    void groups_and_virtual_clusters_are_listed() {
        RestClient user = RestClient.newUser(port, "dave");
        JsonNode groups = user.get("/api/v2/groups").json();
        assertThat(groups).extracting(g -> g.get("groupname").asText()).contains("default");
        JsonNode clusters = user.get("/api/v2/virtual-clusters").json();
        assertThat(clusters.has("default")).isTrue();
        // Regression: resourcesTotal was 0 for a local virtual cluster without quotas.
        assertThat(clusters.get("default").get("resourcesTotal").get("cpu").asInt()).isPositive();
        assertThat(clusters.get("default").get("resourcesTotal").get("memory").asInt()).isPositive();
        assertThat(clusters.get("default").get("resourcesUsed").get("cpu").asInt()).isNotNegative();
        assertThat(user.get("/api/v2/virtual-clusters/default").json().get("capacity").asInt()).isEqualTo(100);
        Response missing = user.get("/api/v2/virtual-clusters/nowhere");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.json().get("code").asText()).isEqualTo("NoVirtualClusterError");
    }

    @Test
    void administrators_create_a_virtual_cluster_on_an_executor_and_group_default_may_use_it() {
        RestClient user = RestClient.newUser(port, "erin");
        RestClient admin = RestClient.admin(port);
        String name = "part" + Long.toString(System.nanoTime() % 100000);
        Map<String, String> body = Map.of("executor", "slurm", "target", "debug");

        Response refused = user.putJson("/api/v2/virtual-clusters/" + name, body);
        assertThat(refused.status()).isEqualTo(403);
        assertThat(user.get("/api/v2/virtual-clusters/" + name).status()).isEqualTo(404);
        Response wrong = admin.putJson("/api/v2/virtual-clusters/" + name, Map.of("executor", "kubernetes"));
        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.json().path("message").asText()).contains("local, ssh or slurm");

        Response created = admin.putJson("/api/v2/virtual-clusters/" + name, body);
        assertThat(created.status()).as(created.toString()).isEqualTo(200);
        assertThat(created.json().path("executor").asText()).isEqualTo("slurm");
        assertThat(created.json().path("target").asText()).isEqualTo("debug");
        assertThat(user.get("/api/v2/virtual-clusters/" + name).json().has("target")).isFalse();
        assertThat(user.get("/api/v2/groups").json()).filteredOn(g -> g.get("groupname").asText().equals("default"))
                .singleElement().satisfies(g -> assertThat(g.toString()).contains(name));
    }

    @Test
    void expressions_belong_to_their_user() {
        RestClient erin = RestClient.newUser(port, "erin");
        RestClient frank = RestClient.newUser(port, "frank");
        assertThat(erin.putJson("/api/v2/users/me/expressions/dataset", Map.of("value", "/data/imagenet")).status())
                .isEqualTo(201);
        assertThat(erin.putJson("/api/v2/users/me/expressions/dataset", Map.of("value", "/data/cifar")).status())
                .isEqualTo(200);
        assertThat(erin.get("/api/v2/users/me/expressions/dataset").json().get("value").asText())
                .isEqualTo("/data/cifar");
        assertThat(erin.get("/api/v2/users/me/expressions").json()).extracting(e -> e.get("key").asText())
                .containsExactly("dataset");
        assertThat(frank.get("/api/v2/users/me/expressions").json()).isEmpty();
        assertThat(frank.get("/api/v2/users/me/expressions/dataset").status()).isEqualTo(404);

        assertThat(erin.putJson("/api/v2/users/me/expressions/bad.key", Map.of("value", "x")).status()).isEqualTo(400);
        assertThat(erin.putJson("/api/v2/users/me/expressions/big", Map.of("value", "x".repeat(4097))).status())
                .isEqualTo(400);
        assertThat(erin.delete("/api/v2/users/me/expressions/dataset").status()).isEqualTo(200);
        assertThat(erin.delete("/api/v2/users/me/expressions/dataset").status()).isEqualTo(404);
    }

    @Test
    void the_openapi_description_and_swagger_ui_are_served() {
        Response docs = RestClient.anonymous(port).get("/v3/api-docs");
        assertThat(docs.status()).as(docs.toString()).isEqualTo(200);
        assertThat(docs.json().get("paths").has("/api/v2/jobs")).isTrue();
        assertThat(docs.json().get("paths").has("/api/v2/users/me/expressions/{key}")).isTrue();
        assertThat(RestClient.anonymous(port).get("/swagger-ui/index.html").status()).isEqualTo(200);
        assertThat(List.of(RestClient.anonymous(port).get("/swagger-ui.html").status())).containsAnyOf(200, 302);
    }

    /** A login sent from a chosen loopback address, so that the server sees that address. */
    private String rawLogin(String fromAddress, String username, String password) throws IOException {
        String body = "username=" + username + "&password=" + password;
        try (Socket socket = new Socket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(fromAddress), 0));
            socket.connect(new InetSocketAddress("127.0.0.1", port), 5000);
            socket.setSoTimeout(10000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST /api/v2/authn/basic/login HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length()
                    + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
