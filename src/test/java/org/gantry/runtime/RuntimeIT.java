package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/** Jobs submitted over REST run on the local executor, end by their completion policy, stop on request. */
@RuntimeSpringTest
class RuntimeIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    RestClient alice;
    String user;

    @BeforeEach
    void signIn() {
        alice = RestClient.newUser(port, "alice");
        user = alice.username();
    }

    private String submit(String yaml) {
        return alice.submit(yaml);
    }

    @Test
    void a_job_runs_to_success() throws Exception {
        String name = submit(job(name("hello"), "instances: 2", "echo hello $PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX"));

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(job.at("/taskRoles/main/taskStatuses/0/taskState").asText()).isEqualTo("SUCCEEDED");
        assertThat(job.at("/taskRoles/main/taskStatuses/1/taskState").asText()).isEqualTo("SUCCEEDED");
        assertThat(job.at("/taskRoles/main/taskStatuses/1/containerExitCode").asInt()).isZero();
    }

    @Test
    void a_status_request_with_wait_answers_when_the_job_ends() throws Exception {
        String name = submit(job(name("waited"), "", "sleep 1.5"));
        long asked = System.nanoTime();

        RestClient.Response answer = alice.get("/api/v2/jobs/" + user + "~" + name + "?wait=30");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(Duration.ofNanos(System.nanoTime() - asked)).as("held back until the end, not to the timeout")
                .isGreaterThanOrEqualTo(Duration.ofSeconds(1)).isLessThan(Duration.ofSeconds(25));
        RestClient.Response ended = alice.get("/api/v2/jobs/" + user + "~" + name + "?wait=30");
        assertThat(ended.json().at("/jobStatus/state").asText()).as("an ended job answers at once")
                .isEqualTo("SUCCEEDED");
    }

    @Test
    void a_status_request_with_wait_answers_with_the_state_at_its_timeout() throws Exception {
        String name = submit(job(name("long"), "", "sleep 30"));
        await(alice, user, name, state("RUNNING"), WAIT);

        RestClient.Response answer = alice.get("/api/v2/jobs/" + user + "~" + name + "?wait=1");

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().at("/jobStatus/state").asText()).isEqualTo("RUNNING");
        assertThat(alice.get("/api/v2/jobs/" + user + "~no-such-job?wait=5").status()).isEqualTo(404);
        assertThat(RestClient.anonymous(port).get("/api/v2/jobs/" + user + "~" + name + "?wait=5").status())
                .isEqualTo(401);
        alice.putJson("/api/v2/jobs/" + user + "~" + name + "/executionType", java.util.Map.of("value", "STOP"));
        assertThat(alice.get("/api/v2/jobs/" + user + "~" + name + "?wait=30").json().at("/jobStatus/state")
                .asText()).isEqualTo("STOPPED");
    }

    @Test
    void logs_are_served_and_can_be_followed_while_the_task_runs() throws Exception {
        String name = submit(job(name("tail"), "", "for i in 1 2 3 4; do echo line $i; sleep 0.7; done",
                "echo oops >&2"));
        JsonNode running = await(alice, user, name, state("RUNNING"), WAIT);
        String locations = "/api/v2/jobs/" + user + "~" + name + "/attempts/0/taskRoles/main/taskIndex/0/attempts/0/logs";
        JsonNode where = alice.get(locations).json().get("locations");
        assertThat(where).hasSize(2);
        String stdout = where.get(0).get("uri").asText();

        StringBuilder followed = new StringBuilder();
        long offset = 0;
        boolean complete = false;
        int reads = 0;
        while (!complete && reads++ < 300) {
            HttpResponse<String> chunk = http(stdout + "?offset=" + offset);
            assertThat(chunk.statusCode()).isEqualTo(200);
            followed.append(chunk.body());
            offset = Long.parseLong(chunk.headers().firstValue("X-Log-Next-Offset").orElseThrow());
            complete = Boolean.parseBoolean(chunk.headers().firstValue("X-Log-Complete").orElseThrow());
            Thread.sleep(200);
        }

        assertThat(running.at("/jobStatus/state").asText()).isEqualTo("RUNNING");
        assertThat(reads).isGreaterThan(2);
        assertThat(PortableJobs.taskLines(followed.toString())).containsExactly("line 1", "line 2", "line 3", "line 4");
        assertThat(http(where.get(1).get("uri").asText()).body()).contains("oops");
        String full = http(stdout).body();
        assertThat(http(stdout + "?tail=64").body()).isEqualTo(full.substring(full.length() - 64));
        RestClient bob = RestClient.newUser(port, "bob");
        assertThat(bob.get(stdout).status()).isEqualTo(403);
    }

    private HttpResponse<String> http(String path) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Authorization", "Bearer " + alice.token()).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void a_failing_task_is_retried_and_then_fails_the_job() throws Exception {
        String name = submit(job(name("retry"), "taskRetryCount: 1", "echo boom >&2", "exit 3"));

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("FAILED");
        JsonNode task = job.at("/taskRoles/main/taskStatuses/0");
        assertThat(task.get("retries").asInt()).isEqualTo(1);
        assertThat(task.get("containerExitCode").asInt()).isEqualTo(3);
        assertThat(task.get("containerExitDiagnostics").asText()).contains("boom");
        assertThat(job.at("/jobStatus/appExitDiagnostics").asText())
                .contains("reached minFailedInstances 1");
    }

    @Test
    void a_failing_dependency_step_is_named_in_the_task_diagnostics() throws Exception {
        String name = submit(job(name("deps"), "deps:\n  bash: [\"echo cannot prepare >&2\", \"exit 7\"]",
                "echo never"));

        JsonNode job = await(alice, user, name, ended(), WAIT);

        String diagnostics = job.at("/taskRoles/main/taskStatuses/0/containerExitDiagnostics").asText();
        assertThat(diagnostics).startsWith("dependency step `bash` failed (exit 7) after ")
                .contains("cannot prepare");
    }

    @Test
    void a_stopped_job_stops_its_tasks() throws Exception {
        String name = submit(job(name("stop"), "", "echo started", "sleep 300"));
        await(alice, user, name, state("RUNNING"), WAIT);

        var stop = alice.putJson("/api/v2/jobs/" + user + "~" + name + "/executionType",
                java.util.Map.of("value", "STOP"));
        assertThat(stop.status()).as(stop.toString()).isLessThan(300);

        JsonNode job = await(alice, user, name, ended(), WAIT);
        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("STOPPED");
        assertThat(job.at("/taskRoles/main/taskStatuses/0/taskState").asText()).isEqualTo("STOPPED");
    }

    @Test
    void min_succeeded_instances_ends_the_job_and_stops_the_rest() throws Exception {
        String name = submit(job(name("first-wins"), "instances: 2\ncompletion:\n  minSucceededInstances: 1",
                "if [ $PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX = 0 ]; then exit 0; fi", "sleep 300"));

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(job.at("/taskRoles/main/taskStatuses/1/taskState").asText()).isEqualTo("STOPPED");
    }

    @Test
    void a_job_waits_for_node_capacity_with_a_reason() throws Exception {
        String big = submit(job(name("big"), "resourcePerInstance: {cpu: 4, memoryMB: 256}", "sleep 5"));
        await(alice, user, big, state("RUNNING"), WAIT);
        String small = submit(job(name("small"), "resourcePerInstance: {cpu: 1, memoryMB: 256}", "echo small"));

        JsonNode waiting = await(alice, user, small,
                job -> !job.at("/taskRoles/main/taskStatuses/0/waitingReason").isNull(), WAIT);

        assertThat(waiting.at("/jobStatus/state").asText()).isEqualTo("WAITING");
        assertThat(waiting.at("/taskRoles/main/taskStatuses/0/waitingReason").asText())
                .isEqualTo("needs 1 cpu, 0 of 4 free; position 1 in queue");
        assertThat(await(alice, user, small, ended(), WAIT).at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(await(alice, user, big, ended(), WAIT).at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
    }

    @Test
    void many_jobs_run_concurrently_within_capacity() throws Exception {
        java.util.List<String> names = new java.util.ArrayList<>();
        for (int i = 0; i < 24; i++) {
            names.add(submit(job(name("many"), "resourcePerInstance: {cpu: 1, memoryMB: 64}", "sleep 0.5",
                    "echo " + i)));
        }
        for (String name : names) {
            assertThat(await(alice, user, name, ended(), WAIT).at("/jobStatus/state").asText())
                    .isEqualTo("SUCCEEDED");
        }
    }

    @Test
    void job_retry_count_starts_a_new_job_attempt() throws Exception {
        String yaml = job(name("job-retry"), "", "exit 2").replace("type: job\n", "type: job\njobRetryCount: 1\n");
        String name = submit(yaml);

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("FAILED");
        assertThat(job.at("/jobStatus/retries").asInt()).isEqualTo(1);
        assertThat(job.at("/jobStatus/attemptId").asInt()).isEqualTo(1);
    }

    @Test
    void an_earlier_job_attempt_shows_how_its_tasks_and_their_retries_ended() throws Exception {
        String yaml = job(name("history"), "taskRetryCount: 1", "echo try >&2", "exit 2")
                .replace("type: job\n", "type: job\njobRetryCount: 1\n");
        String name = submit(yaml);
        await(alice, user, name, ended(), WAIT);
        String path = "/api/v2/jobs/" + user + "~" + name;

        JsonNode attempts = alice.get(path + "/attempts").json();
        assertThat(attempts).extracting(a -> a.get("attemptIndex").asInt()).containsExactly(1, 0);
        JsonNode earlier = attempts.get(1);
        assertThat(earlier.get("isLatest").asBoolean()).isFalse();
        JsonNode task = earlier.at("/taskRoles/main/taskStatuses/0");
        assertThat(task.get("taskState").asText()).isEqualTo("FAILED");
        assertThat(task.get("retries").asInt()).isEqualTo(1);
        assertThat(task.get("containerExitCode").asInt()).isEqualTo(2);
        assertThat(task.get("containerExitDiagnostics").asText()).contains("try");
        assertThat(task.get("containerId").asText()).startsWith("local:");
        // the node is known only when the reconciler saw the task running, which a task this short may not allow
        assertThat(task.has("containerNodeName")).isTrue();
        assertThat(task.get("launchedTime").asLong()).isPositive();
        assertThat(task.get("completedTime").asLong()).isGreaterThanOrEqualTo(task.get("launchedTime").asLong());
        assertThat(task.get("containerLog").asText()).endsWith("/attempts/0/taskRoles/main/taskIndex/0/attempts/1/logs");
        assertThat(alice.get(path + "/attempts/0").json().at("/taskRoles/main/taskStatuses/0/containerId").asText())
                .isEqualTo(task.get("containerId").asText());
        assertThat(attempts.get(0).at("/taskRoles/main/taskStatuses/0/containerId").asText())
                .startsWith("local:").isNotEqualTo(task.get("containerId").asText());

        JsonNode retries = alice.get(path + "/attempts/0/taskRoles/main/taskIndex/0/attempts").json().get("attempts");
        assertThat(retries).extracting(r -> r.get("attemptId").asInt()).containsExactly(0, 1);
        assertThat(retries).extracting(r -> r.get("attemptState").asText()).containsExactly("FAILED", "FAILED");
        assertThat(retries).extracting(r -> r.get("containerExitCode").asInt()).containsExactly(2, 2);
        assertThat(retries.get(0).get("containerId").asText()).isNotEqualTo(retries.get(1).get("containerId").asText());
        assertThat(alice.get(path + "/attempts/0/taskRoles/main/taskIndex/0/attempts/0/logs").json()
                .get("locations")).hasSize(2);
    }
}
