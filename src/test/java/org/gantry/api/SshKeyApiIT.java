package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.gantry.security.ApiToken;
import org.gantry.security.Role;
import org.gantry.security.TokenService;
import org.gantry.security.UserService;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyCodec;
import org.gantry.terminal.TerminalTestData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** The SSH key and job SSH endpoints over real HTTP with bearer tokens. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SshKeyApiIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    UserService users;

    @Autowired
    TokenService tokens;

    @Autowired
    SshKeyCodec codec;

    @Autowired
    SshGateway gateway;

    String user;
    String token;

    @BeforeEach
    void signedInUser() {
        user = "api" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, user, Role.USER);
        token = tokens.issue(user, ApiToken.Kind.SESSION, "test", Optional.of(Duration.ofHours(1))).value();
    }

    @Test
    void a_user_adds_lists_and_deletes_a_key() throws Exception {
        String publicKey = codec.generate(SshKeyCodec.KeyKind.ED25519, "me@laptop").publicKey().openSsh();
        HttpResponse<String> added = send("POST", "/api/v2/users/me/ssh-keys",
                Map.of("name", "laptop", "publicKey", publicKey + " me@laptop"));
        assertThat(added.statusCode()).isEqualTo(201);
        assertThat(json(added).path("fingerprint").asText()).startsWith("SHA256:");

        HttpResponse<String> listed = send("GET", "/api/v2/users/me/ssh-keys", null);
        assertThat(json(listed)).singleElement().satisfies(key -> {
            assertThat(key.path("name").asText()).isEqualTo("laptop");
            assertThat(key.path("publicKey").asText()).isEqualTo(publicKey);
            assertThat(key.path("lastUsedTime").isNull()).isTrue();
        });

        HttpResponse<String> again = send("POST", "/api/v2/users/me/ssh-keys", Map.of("publicKey", publicKey));
        assertThat(again.statusCode()).isEqualTo(400);
        assertThat(json(again).path("message").asText()).contains("registered this key already");

        assertThat(send("DELETE", "/api/v2/users/me/ssh-keys/laptop", null).statusCode()).isEqualTo(200);
        assertThat(send("DELETE", "/api/v2/users/me/ssh-keys/laptop", null).statusCode()).isEqualTo(404);
        assertThat(json(send("GET", "/api/v2/users/me/ssh-keys", null))).isEmpty();
    }

    @Test
    void a_private_key_or_garbage_is_refused_with_a_reason() throws Exception {
        String privateKey = codec.generate(SshKeyCodec.KeyKind.ED25519, "x").privateKeyOpenSsh();
        HttpResponse<String> refused = send("POST", "/api/v2/users/me/ssh-keys", Map.of("publicKey", privateKey));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(json(refused).path("message").asText()).contains("private key");
        HttpResponse<String> garbage = send("POST", "/api/v2/users/me/ssh-keys", Map.of("publicKey", "ssh-rsa nonsense"));
        assertThat(garbage.statusCode()).isEqualTo(400);
        assertThat(json(garbage).path("code").asText()).isEqualTo("InvalidParametersError");
    }

    @Test
    void the_owner_gets_the_ssh_command_of_a_task_and_others_are_refused() throws Exception {
        HttpResponse<String> own = send("GET", "/api/v2/jobs/" + user + "~train/ssh?taskRole=worker&taskIndex=1", null);
        assertThat(own.statusCode()).isEqualTo(200);
        JsonNode info = json(own);
        assertThat(info.path("port").asInt()).isEqualTo(gateway.port());
        assertThat(info.path("loginName").asText()).isEqualTo(user + "~train~worker~1");
        assertThat(info.path("hostKey").asText()).startsWith("ssh-ed25519 ");
        assertThat(info.path("command").asText()).isEqualTo("ssh -p " + gateway.port() + " " + user
                + "~train~worker~1@" + gateway.advertisedHost());

        HttpResponse<String> other = send("GET", "/api/v2/jobs/someone~train/ssh", null);
        assertThat(other.statusCode()).isEqualTo(403);
        assertThat(send("GET", "/api/v2/jobs/" + user + "~train/ssh?taskIndex=1", null).statusCode()).isEqualTo(400);
    }

    private HttpResponse<String> send(String method, String path, Object body) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Authorization", "Bearer " + token).header("Accept", "application/json");
        if (body != null) {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        } else {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode json(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }
}
