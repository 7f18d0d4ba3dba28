package org.gantry.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Real tasks fail on the local executor: a transient failure (an NCCL timeout) runs again as a
 * platform retry, not counted against taskRetryCount and bounded; a permanent one is not retried.
 */
@RuntimeSpringTest
class PlatformRetryIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String NCCL_TIMEOUT = "echo \"[Rank 0] Watchdog caught collective operation timeout:"
            + " WorkNCCL(SeqNum=7, OpType=ALLREDUCE) ran for 600012 milliseconds before timing out.\" >&2; exit 1";

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    RestClient alice;
    String user;

    @BeforeEach
    void signIn() {
        alice = RestClient.newUser(port, "alice");
        user = alice.username();
    }

    /** The platform_retry column of the job's task attempts, in attempt order ("" where none). */
    private List<String> attempts(String name) {
        return jdbc.queryForList("select coalesce(a.platform_retry, '') from task_attempt a join job j on j.id = a.job_id"
                + " join app_user u on u.id = j.owner_id where u.username = ? and j.name = ? order by a.attempt",
                String.class, user, name);
    }

    /** The job's summary in the job list, as OpenPAI's clients read it. */
    private JsonNode listed(String name) {
        JsonNode list = alice.get("/api/v2/jobs?username=" + user + "&keyword=" + name).json();
        for (JsonNode job : list) {
            if (job.get("name").asText().equals(name)) {
                return job;
            }
        }
        throw new AssertionError("job " + name + " is not in the list: " + list);
    }

    @Test
    void a_transient_failure_runs_again_as_a_platform_retry_without_counting_a_retry() throws Exception {
        String name = name("nccl-once");
        String marker = "/tmp/gantry-platform-retry-" + name;
        alice.submit(job(name, "", "if [ -e " + marker + " ]; then echo recovered; rm -f " + marker + "; exit 0; fi",
                "touch " + marker + "; " + NCCL_TIMEOUT));

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(job.at("/jobStatus/retryDetails/platform").asInt()).isEqualTo(1);
        assertThat(job.at("/jobStatus/retryDetails/user").asInt()).isZero();
        // Bug: the job list's summaries always said retryDetails.platform 0.
        assertThat(listed(name).at("/retryDetails/platform").asInt()).isEqualTo(1);
        JsonNode task = job.at("/taskRoles/main/taskStatuses/0");
        assertThat(task.get("retries").asInt()).as("OpenPAI's retries count every run again").isEqualTo(1);
        assertThat(task.get("accountableRetries").asInt()).as("taskRetryCount is 0 and untouched").isZero();
        assertThat(attempts(name)).containsExactly("NcclTimeout", "");
        JsonNode events = alice.get("/api/v2/jobs/" + user + "~" + name + "/events").json();
        assertThat(events.toString()).contains("PlatformRetry").contains("platform retry 1 of 3 after NcclTimeout");
    }

    @Test
    void a_permanent_failure_is_not_retried() throws Exception {
        String name = alice.submit(job(name("nomodule"), "",
                "echo \"ModuleNotFoundError: No module named no_such_module_xyz\" >&2; exit 1"));

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("FAILED");
        assertThat(job.at("/jobStatus/retryDetails/platform").asInt()).isZero();
        assertThat(job.at("/taskRoles/main/taskStatuses/0/retries").asInt()).isZero();
        assertThat(attempts(name)).containsExactly("");
    }

    @Test
    void platform_retries_are_bounded_and_then_the_task_retries_count() throws Exception {
        String name = alice.submit(job(name("nccl-always"), "taskRetryCount: 1", NCCL_TIMEOUT));

        JsonNode job = await(alice, user, name, ended(), WAIT);

        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("FAILED");
        assertThat(job.at("/jobStatus/retryDetails/platform").asInt()).isEqualTo(3);
        assertThat(listed(name).at("/retryDetails/platform").asInt()).isEqualTo(3);
        JsonNode task = job.at("/taskRoles/main/taskStatuses/0");
        assertThat(task.get("accountableRetries").asInt()).isEqualTo(1);
        assertThat(task.get("retries").asInt()).isEqualTo(4);
        assertThat(attempts(name)).containsExactly("NcclTimeout", "NcclTimeout", "NcclTimeout", "", "");
    }
}
