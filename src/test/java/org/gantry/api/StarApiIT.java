package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Optional;
import org.gantry.job.JobRows;
import org.gantry.job.JobState;
import org.gantry.security.ApiToken;
import org.gantry.security.TokenService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class StarApiIT {

    @LocalServerPort
    int port;
    @Autowired
    TokenService tokens;
    @Autowired
    JdbcTemplate jdbc;

    private final HttpClient http = HttpClient.newHttpClient();
    String alice;
    String bob;
    String aliceToken;

    @BeforeEach
    void setUp() {
        JobRows rows = new JobRows(jdbc);
        alice = rows.user("alice");
        bob = rows.user("bob");
        rows.job(bob, "shared", "default", JobState.RUNNING, Instant.parse("2026-04-01T00:00:00Z"));
        aliceToken = tokens.issue(alice, ApiToken.Kind.APPLICATION, "test", Optional.empty()).value();
    }

    @Test
    void a_user_stars_and_unstars_another_users_job() throws Exception {
        assertThat(send("PUT", "/api/v2/jobs/" + bob + "~shared/star").statusCode()).isEqualTo(200);
        assertThat(send("PUT", "/api/v2/jobs/" + bob + "~shared/star").statusCode()).isEqualTo(200);

        HttpResponse<String> starred = send("GET", "/api/v2/users/me/starred-jobs");
        assertThat(starred.statusCode()).isEqualTo(200);
        assertThat(starred.headers().firstValue("Content-Type")).get().asString().startsWith("application/json");
        assertThat(starred.body()).contains("\"name\":\"shared\"").contains("\"username\":\"" + bob + "\"")
                .contains("\"starred\":true");

        assertThat(send("DELETE", "/api/v2/jobs/" + bob + "~shared/star").statusCode()).isEqualTo(200);
        assertThat(send("GET", "/api/v2/users/me/starred-jobs").body()).isEqualTo("[]");
    }

    @Test
    void an_unknown_job_is_404_in_openpais_error_shape() throws Exception {
        HttpResponse<String> response = send("PUT", "/api/v2/jobs/" + bob + "~no-such-job/star");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.body()).contains("\"code\":\"NoJobError\"").contains("\"message\":");
    }

    @Test
    void starring_needs_a_token() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri("/api/v2/jobs/" + bob + "~shared/star"))
                .PUT(HttpRequest.BodyPublishers.noBody()).build();

        assertThat(http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
    }

    @Test
    void a_bad_page_is_refused() throws Exception {
        HttpResponse<String> response = send("GET", "/api/v2/users/me/starred-jobs?limit=-1");

        assertThat(response.statusCode()).isEqualTo(400);
        assertThat(response.body()).contains("InvalidParametersError");
    }

    private HttpResponse<String> send(String method, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(uri(path)).header("Authorization", "Bearer " + aliceToken)
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create("http://localhost:" + port + path);
    }
}
