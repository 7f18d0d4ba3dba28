package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeEach;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/** A stop request is answered 2xx and honoured whatever the runtime is doing with the job at that moment. */
@RuntimeSpringTest
class StopRequestIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String SLEEPER = "resourcePerInstance: {cpu: 1, memoryMB: 64}";

    @LocalServerPort
    int port;
    @Autowired
    DataSource dataSource;
    @Autowired
    JdbcTemplate jdbc;

    RestClient bob;
    String user;

    @BeforeEach
    void signIn() {
        bob = RestClient.newUser(port, "bob");
        user = bob.username();
    }

    @Test
    void stops_sent_right_after_submissions_are_never_lost() throws Exception {
        // Bug: a STOP racing the runtime's first writes answered 500 (optimistic locking on JobTask) and was lost
        ExecutorService clients = Executors.newFixedThreadPool(2);
        try {
            List<Future<List<String>>> rounds = new ArrayList<>();
            for (int client = 0; client < 2; client++) {
                rounds.add(clients.submit(() -> submitAndStop(30)));
            }
            List<String> names = new ArrayList<>();
            for (Future<List<String>> round : rounds) {
                names.addAll(round.get());
            }
            for (String name : names) {
                assertThat(stateAtEnd(name)).as(name).isEqualTo("STOPPED");
            }
        } finally {
            clients.shutdownNow();
        }
    }

    @Test
    void a_stop_is_honoured_while_the_job_waits_and_while_it_runs() throws Exception {
        Queue queue = aJobWaitingBehindAnother();

        assertStopped(queue.waiting());
        assertStopped(queue.hog());
    }

    @Test
    void a_stop_that_meets_a_concurrent_write_of_the_runtime_is_kept() throws Exception {
        // Bug: a stop whose transaction met the runtime's write of a task answered 500 and was lost
        Queue queue = aJobWaitingBehindAnother();
        String waiting = queue.waiting();

        try (Connection runtime = dataSource.getConnection()) {
            // the runtime's write of the task, held open: the stop's own write of that task waits for it
            runtime.setAutoCommit(false);
            try (PreparedStatement write = runtime.prepareStatement("update job_task set version = version + 1"
                    + " where job_id = (select j.id from job j join app_user u on u.id = j.owner_id"
                    + " where u.username = ? and j.name = ?)")) {
                write.setString(1, user);
                write.setString(2, waiting);
                assertThat(write.executeUpdate()).isEqualTo(1);
            }
            CompletableFuture<RestClient.Response> stop = CompletableFuture.supplyAsync(() -> stop(waiting));
            while (!stop.isDone() && !waitsForTaskLock()) {
                Thread.sleep(50);
            }
            runtime.commit();
            RestClient.Response answer = stop.get();
            assertThat(answer.status()).as(answer.toString()).isBetween(200, 299);
        }
        assertThat(stateAtEnd(waiting)).isEqualTo("STOPPED");
        assertStopped(queue.hog());
    }

    /** A job on all the node's 4 cpu, and one waiting behind it for capacity. */
    private record Queue(String hog, String waiting) {
    }

    private Queue aJobWaitingBehindAnother() throws InterruptedException {
        String hog = bob.submit(job(name("hog"), "resourcePerInstance: {cpu: 4, memoryMB: 64}", "sleep 60"));
        await(bob, user, hog, state("RUNNING"), WAIT);
        String waiting = bob.submit(job(name("waiting"), SLEEPER, "sleep 60"));
        await(bob, user, waiting, job -> !job.at("/taskRoles/main/taskStatuses/0/waitingReason").isNull(), WAIT);
        return new Queue(hog, waiting);
    }

    private void assertStopped(String name) {
        assertThat(stop(name).status()).isEqualTo(202);
        assertThat(stateAtEnd(name)).isEqualTo("STOPPED");
    }

    private boolean waitsForTaskLock() {
        return jdbc.queryForObject("select count(*) from pg_stat_activity where wait_event_type = 'Lock'"
                + " and query like 'update job_task%'", Integer.class) > 0;
    }

    private List<String> submitAndStop(int rounds) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            String name = bob.submit(job(name("stop-" + i), SLEEPER, "sleep 60"));
            RestClient.Response answer = stop(name);
            assertThat(answer.status()).as(answer.toString()).isBetween(200, 299);
            names.add(name);
        }
        return names;
    }

    private RestClient.Response stop(String name) {
        return bob.putJson("/api/v2/jobs/" + user + "~" + name + "/executionType", Map.of("value", "STOP"));
    }

    /** The job's state when it ended, or when {@link #WAIT} passed without its end. */
    private String stateAtEnd(String name) {
        RestClient.Response answer = bob.get("/api/v2/jobs/" + user + "~" + name + "?wait=" + WAIT.toSeconds());
        assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
        return answer.json().at("/jobStatus/state").asText();
    }
}
