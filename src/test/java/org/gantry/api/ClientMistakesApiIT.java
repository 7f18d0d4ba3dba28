package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.RestClient.Response;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Ordinary client mistakes get a 4xx in OpenPAI's error shape that says what to change, never a 500. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ClientMistakesApiIT {

    @LocalServerPort
    int port;

    @Test
    void logout_without_a_valid_token_is_refused_with_401() {
        // Bug: logout without a token or with an unknown one answered 500 (IllegalStateException: No authenticated user)
        Response withoutToken = RestClient.anonymous(port).delete("/api/v2/authn/basic/logout");
        assertThat(withoutToken.status()).as(withoutToken.toString()).isEqualTo(401);
        assertThat(withoutToken.json().get("code").asText()).isEqualTo("UnauthorizedUserError");
        assertThat(withoutToken.json().get("message").asText()).contains("Authorization: Bearer");
        Response unknownToken = RestClient.anonymous(port).withToken("unknown").delete("/api/v2/authn/basic/logout");
        assertThat(unknownToken.status()).as(unknownToken.toString()).isEqualTo(401);
        assertThat(unknownToken.json().get("code").asText()).isEqualTo("UnauthorizedUserError");
        assertThat(unknownToken.json().get("message").asText()).isEqualTo("Your token is invalid.");
    }

    @Test
    void a_nul_character_is_refused_naming_where_it_was() {
        // Bug: a NUL character in parameters and JSON fields reached PostgreSQL and answered 500
        RestClient anonymous = RestClient.anonymous(port);
        assertRefused(anonymous.postJson("/api/v2/authn/basic/login", Map.of("username", "ad\u0000min",
                "password", "x")), "Field username");
        assertRefused(anonymous.post("/api/v2/authn/basic/login", "application/x-www-form-urlencoded",
                "username=ad%00min&password=x"), "Parameter username");

        RestClient admin = RestClient.admin(port);
        for (String parameter : List.of("keyword", "tagsContain", "vc", "username", "tagsNotContain")) {
            assertRefused(admin.get("/api/v2/jobs?" + parameter + "=a%00b"), "Parameter " + parameter);
        }
        assertRefused(admin.postJson("/api/v2/users", Map.of("username", "nul\u0000user", "password", "password-1",
                "admin", false, "virtualCluster", List.of("default"))), "Field username");
        assertRefused(admin.postJson("/api/v2/users", Map.of("username", "someone", "password", "password-1",
                "admin", false, "virtualCluster", List.of("default", "d\u0000"))), "Field virtualCluster[1]");
        assertRefused(admin.putJson("/api/v2/users/me/expressions/nul", Map.of("value", "a\u0000b")), "Field value");
        assertRefused(admin.postYaml("/api/v2/jobs", RuntimeJobs.job("nul-job", "", "echo \u0000")),
                "The request body (line 7)");
    }

    @Test
    void rest_paths_refused_by_the_firewall_get_json_400_not_a_login_redirect() {
        // Bug: REST paths with '..', '%2e%2e', '%252f' or ';' were answered 302 to the login page, even with a token
        RestClient admin = RestClient.admin(port);
        for (String path : List.of("/api/v2/jobs/../users", "/api/v2/%2e%2e/v2/info", "/api/v2/users/a%252fb",
                "/api/v2/info;x=1", "/rest-server/api/v2/info;x=1")) {
            Response answer = admin.get(path);
            assertThat(answer.status()).as(path + " " + answer).isEqualTo(400);
            assertThat(answer.contentType()).as(path).startsWith("application/json");
            assertThat(answer.json().get("code").asText()).isEqualTo("InvalidParametersError");
            assertThat(answer.json().get("message").asText()).startsWith("The request path was refused");
        }
    }

    private static void assertRefused(Response answer, String where) {
        assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
        assertThat(answer.json().get("code").asText()).isEqualTo("InvalidParametersError");
        assertThat(answer.json().get("message").asText()).as(answer.toString()).startsWith(where).contains("NUL");
    }
}
