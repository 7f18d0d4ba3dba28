package org.gantry.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.name;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The inputs a job names are checked before its tasks are admitted: a job with missing inputs
 * fails within seconds of its submission naming every one, and what was checked is in its events.
 */
@RuntimeSpringTest
class DataReadinessIT {

    @LocalServerPort
    int port;

    RestClient alice;
    String user;

    @BeforeEach
    void signIn() {
        alice = RestClient.newUser(port, "alice");
        user = alice.username();
    }

    private String job(String name, String extras, String prerequisites, String command) {
        return "protocolVersion: 2\nname: " + name + "\ntype: job\n" + prerequisites
                + "taskRoles:\n  main:\n    commands:\n      - '" + command + "'\n" + extras;
    }

    @Test
    void a_job_with_two_missing_inputs_fails_within_seconds_naming_both() throws Exception {
        String name = name("missing-inputs");
        String marker = "/tmp/gantry-input-ran-" + name;
        Instant submitted = Instant.now();
        alice.submit(job(name, "extras:\n  gantry:\n    inputs:\n      - /tmp\n      - /tmp/no-such-input-" + name
                        + ".csv\n      - /mnt/home/no-such-folder/train.csv\n",
                "prerequisites:\n  - name: web\n    type: data\n    uri:\n      - http://127.0.0.1:1"
                        + "/no-such-data-" + name + "\n", "touch " + marker));

        JsonNode job = await(alice, user, name, ended(), Duration.ofSeconds(30));

        assertThat(Duration.between(submitted, Instant.now())).isLessThan(Duration.ofSeconds(30));
        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("FAILED");
        String diagnostics = job.at("/jobStatus/appExitDiagnostics").asText();
        assertThat(diagnostics).contains("Missing inputs")
                .contains("/tmp/no-such-input-" + name + ".csv does not exist")
                .contains("/mnt/home/no-such-folder/train.csv does not exist in storage home")
                .contains("http://127.0.0.1:1/no-such-data-" + name + " cannot be reached")
                .doesNotContain("/tmp does not exist");
        assertThat(Files.exists(Path.of(marker))).as("the task never ran").isFalse();
        String events = alice.get("/api/v2/jobs/" + user + "~" + name + "/events").json().toString();
        assertThat(events).contains("InputsChecked").contains("/tmp: found");
    }

    @Test
    void a_job_whose_inputs_are_there_runs_and_its_events_list_them() throws Exception {
        assertThat(alice.put("/api/v2/storages/home/files/inputs-" + user + "/train.csv", "text/csv", "a,b\n1,2\n")
                .status()).isBetween(200, 299);
        String name = name("inputs-found");
        alice.submit(job(name, "extras:\n  storages:\n    - name: home\n      mountPath: /mnt/data\n  gantry:\n"
                + "    inputs:\n      - /mnt/data/inputs-" + user + "/train.csv\n      - hdfs://namenode/x\n", "", "true"));

        JsonNode job = await(alice, user, name, ended(), Duration.ofSeconds(60));

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        String events = alice.get("/api/v2/jobs/" + user + "~" + name + "/events").json().toString();
        assertThat(events).contains("InputsChecked").contains("storage home: found")
                .contains("/mnt/data/inputs-" + user + "/train.csv: found").contains("hdfs://namenode/x: not checked");
    }

    @Test
    void storages_listed_empty_are_the_owners_default_storages_and_are_checked() throws Exception {
        String name = name("default-storages");
        alice.submit(job(name, "extras:\n  storages: []\n  gantry:\n    inputs:\n      - /mnt/home/no-such-" + name
                + ".csv\n", "", "true"));

        JsonNode job = await(alice, user, name, ended(), Duration.ofSeconds(30));

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("FAILED");
        assertThat(job.at("/jobStatus/appExitDiagnostics").asText())
                .contains("/mnt/home/no-such-" + name + ".csv does not exist in storage home");
        // Bug: `storages: []` mounted no storage for the check, so the default storage itself went unchecked.
        String events = alice.get("/api/v2/jobs/" + user + "~" + name + "/events").json().toString();
        assertThat(events).contains("storage home: found");
    }
}
