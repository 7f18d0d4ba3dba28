package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import java.time.Duration;
import java.util.Map;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Jobs move on wakes alone: with the periodic pass an hour apart, a job that waits for a pass
 * nobody asked for fails these tests. Covers the passes the reconciler leaves out on purpose —
 * none after a local launch that is recorded running, none for a submission that a running
 * pass already read — and a task that ends before its launch is recorded.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
    "gantry.runtime.enabled=true", "gantry.runtime.local.cpu=4", "gantry.runtime.local.memory-mb=16384",
    "gantry.runtime.local.allow-same-user=true", "gantry.runtime.reconcile-interval=1h"})
class ReconcilerWakeIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @LocalServerPort
    int port;

    RestClient bob;
    String user;

    @BeforeEach
    void signIn() {
        bob = RestClient.newUser(port, "bob");
        user = bob.username();
    }

    @Test
    void a_chain_of_jobs_runs_on_wakes_alone() {
        for (int i = 0; i < 30; i++) {
            // `true` ends within milliseconds, often before its launch is committed
            String name = bob.submit(job(name("woken"), "", i % 3 == 0 ? "sleep 0.2" : "true"));
            assertThat(stateAtEnd(name)).as("job %d", i).isEqualTo("SUCCEEDED");
        }
    }

    @Test
    void two_jobs_submitted_together_both_run() {
        String first = bob.submit(job(name("pair"), "", "true"));
        String second = bob.submit(job(name("pair"), "", "true"));
        assertThat(stateAtEnd(first)).isEqualTo("SUCCEEDED");
        assertThat(stateAtEnd(second)).isEqualTo("SUCCEEDED");
    }

    @Test
    void a_stop_request_is_applied_at_once() throws Exception {
        String name = bob.submit(job(name("stopped"), "", "sleep 60"));
        await(bob, user, name, state("RUNNING"), WAIT);

        bob.putJson("/api/v2/jobs/" + user + "~" + name + "/executionType", Map.of("value", "STOP"));

        assertThat(stateAtEnd(name)).isEqualTo("STOPPED");
    }

    /** The job's state when it ended, or when {@link #WAIT} passed without its end. */
    private String stateAtEnd(String name) {
        RestClient.Response answer = bob.get("/api/v2/jobs/" + user + "~" + name + "?wait=" + WAIT.toSeconds());
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        return answer.json().at("/jobStatus/state").asText();
    }
}
