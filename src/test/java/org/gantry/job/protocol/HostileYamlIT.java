package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Posts the protocol package's hostile corpus to the REST API: each document must get a
 * 4xx with a clear message, never a 5xx. Lives beside the corpus it reuses.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HostileYamlIT {

    @LocalServerPort
    int port;

    @Test
    void every_hostile_document_gets_a_4xx_with_a_clear_message() {
        List<HostileDocuments.Case> corpus = HostileDocuments.all();
        assertThat(corpus).hasSizeGreaterThanOrEqualTo(200);
        RestClient client = RestClient.newUser(port, "hostile");
        List<String> failures = new ArrayList<>();
        for (HostileDocuments.Case document : corpus) {
            RestClient.Response response = client.postYaml("/api/v2/jobs", document.text());
            if (response.status() < 400 || response.status() >= 500) {
                failures.add(document.name() + " -> " + response);
                continue;
            }
            JsonNode body = response.json();
            String message = body.path("message").asText();
            if (message.isBlank() || body.path("code").asText().isBlank()) {
                failures.add(document.name() + " -> no code or message: " + response);
            } else if (response.status() == 400 && body.path("errors").isEmpty()) {
                failures.add(document.name() + " -> 400 without the problems: " + response);
            }
        }
        assertThat(failures).as("documents not refused with a clear 4xx").isEmpty();
        // the server is still well after the corpus
        assertThat(client.get("/api/v2/users/me").status()).isEqualTo(200);
    }
}
