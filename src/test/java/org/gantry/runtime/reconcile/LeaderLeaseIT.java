package org.gantry.runtime.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Fencing (decision 0040): once another instance took the runtime lease over, this instance's
 * runtime writes are refused and its reconciler launches nothing, though its REST API still
 * accepts jobs; when the lease is free again it leads with a new epoch and runs them.
 * The other instance is played by the test, writing the lease row as a second Gantry would.
 */
@RuntimeSpringTest
class LeaderLeaseIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Autowired
    LeaderLease lease;

    @Autowired
    RuntimeStore store;

    @Autowired
    JdbcTemplate jdbc;

    private ScheduledExecutorService otherGantry;

    @AfterEach
    void handBack() {
        if (otherGantry != null) {
            otherGantry.shutdownNow();
        }
        jdbc.update("update runtime_leader set holder = null where holder = 'another-gantry'");
    }

    @Test
    void a_former_leader_writes_nothing_once_another_instance_took_the_lease_over() throws Exception {
        awaitLeading(true);
        long before = lease.epoch();
        RestClient alice = RestClient.newUser(port, "alice");

        jdbc.update("update runtime_leader set holder = 'another-gantry', epoch = epoch + 1,"
                + " renewed_at = clock_timestamp() where id = 1");
        otherGantry = Executors.newSingleThreadScheduledExecutor();
        otherGantry.scheduleWithFixedDelay(() -> jdbc.update("update runtime_leader set renewed_at = clock_timestamp()"
                + " where holder = 'another-gantry'"), 0, 500, TimeUnit.MILLISECONDS);

        // the write that a pass of the former leader makes next is refused in its own transaction
        assertThatThrownBy(() -> store.waitingReasons(Map.of())).isInstanceOf(LeaderLease.NotLeader.class)
                .hasMessageContaining("taken over");
        awaitLeading(false);

        String name = name("fenced");
        RestClient.Response response = alice.postYaml("/api/v2/jobs", job(name, "", "echo ran"));
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        long jobId = jdbc.queryForObject("select id from job where name = ?", Long.class, name);
        // several reconcile intervals pass: the follower claims no attempt for the job
        Thread.sleep(3000);
        assertThat(jdbc.queryForObject("select count(*) from task_attempt where job_id = ?", Long.class, jobId))
                .isZero();
        assertThat(await(alice, alice.username(), name, state("WAITING"), WAIT)).isNotNull();

        otherGantry.shutdownNow();
        jdbc.update("update runtime_leader set holder = null where holder = 'another-gantry'");
        awaitLeading(true);
        assertThat(lease.epoch()).isEqualTo(before + 2);
        assertThat(await(alice, alice.username(), name, state("SUCCEEDED"), WAIT)).isNotNull();
    }

    private void awaitLeading(boolean leading) throws InterruptedException {
        for (int i = 0; i < 600 && lease.leading() != leading; i++) {
            Thread.sleep(100);
        }
        assertThat(lease.leading()).as("leading").isEqualTo(leading);
    }
}
