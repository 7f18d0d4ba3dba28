package org.gantry.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.RestClient.Response;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/** Submissions over REST that the group commit stores together (the same context as JobsApiIT). */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SubmissionGroupCommitIT {

    @LocalServerPort
    int port;
    @Autowired
    SubmissionGroupCommit groupCommit;
    @Autowired
    JdbcTemplate jdbc;

    @Test
    void concurrent_submissions_with_bad_ones_among_them_each_get_their_own_answer() throws Exception {
        RestClient alice = RestClient.newUser(port, "group");
        RestClient bob = RestClient.newUser(port, "group");
        String taken = "taken-" + System.nanoTime();
        List<Submission> submissions = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            submissions.add(new Submission(i % 2 == 0 ? alice : bob, "ok-" + i + "-" + System.nanoTime(), 202));
        }
        // the same name twice from one user in one group: the group's transaction fails on the
        // unique name, and each of its submissions is stored again alone
        submissions.add(new Submission(alice, taken, 202));
        submissions.add(new Submission(alice, taken, 409));
        submissions.add(new Submission(bob, null, 400));

        // hold the writer so that the submissions queue behind it and form one group
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Object> holder = CompletableFuture.supplyAsync(() -> groupCommit.commit(() -> {
            await(release);
            return "held";
        }));
        ExecutorService clients = Executors.newFixedThreadPool(submissions.size());
        try {
            List<Future<Response>> answers = new ArrayList<>();
            for (Submission s : submissions) {
                answers.add(clients.submit(() -> s.client().postYaml("/api/v2/jobs", s.document())));
            }
            // the invalid document is refused before it reaches the writer
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (groupCommit.queued() < submissions.size() - 1 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertThat(groupCommit.queued()).isEqualTo(submissions.size() - 1);
            release.countDown();
            assertThat(holder.get(60, TimeUnit.SECONDS)).isEqualTo("held");

            int conflicts = 0;
            for (int i = 0; i < submissions.size(); i++) {
                Submission s = submissions.get(i);
                Response answer = answers.get(i).get(60, TimeUnit.SECONDS);
                if (s.name() != null && s.name().equals(taken)) {
                    // which of the two comes first is up to the clients' threads
                    assertThat(answer.status()).as(answer.toString()).isIn(202, 409);
                    conflicts += answer.status() == 409 ? 1 : 0;
                } else {
                    assertThat(answer.status()).as(s.name() + ": " + answer).isEqualTo(s.expected());
                }
                if (answer.status() == 202) {
                    // durable once acknowledged: in the database with its tasks, attempt and event
                    Map<String, Object> row = jdbc.queryForMap("select j.id, (select count(*) from job_task t"
                            + " where t.job_id = j.id) tasks, (select count(*) from job_attempt a where a.job_id = j.id)"
                            + " attempts, (select count(*) from job_event e where e.job_id = j.id) events from job j"
                            + " join app_user u on u.id = j.owner_id where u.username = ? and j.name = ?",
                            s.client().username(), s.name());
                    assertThat(row).containsEntry("tasks", 1L).containsEntry("attempts", 1L)
                            .containsEntry("events", 1L);
                }
            }
            assertThat(conflicts).isEqualTo(1);
            assertThat(jdbc.queryForObject("select count(*) from job j join app_user u on u.id = j.owner_id"
                    + " where u.username = ? and j.name = ?", Long.class, alice.username(), taken)).isEqualTo(1L);
        } finally {
            release.countDown();
            clients.shutdownNow();
        }
    }

    @Test
    void one_users_jobs_are_stored_in_the_order_they_were_submitted() {
        RestClient carol = RestClient.newUser(port, "order");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            names.add("order-" + i + "-" + System.nanoTime());
            assertThat(carol.postYaml("/api/v2/jobs", job(names.get(i))).status()).isEqualTo(202);
        }
        assertThat(jdbc.queryForList("select j.name from job j join app_user u on u.id = j.owner_id"
                + " where u.username = ? order by j.id", String.class, carol.username())).isEqualTo(names);
    }

    private static void await(CountDownLatch latch) {
        try {
            assertThat(latch.await(60, TimeUnit.SECONDS)).isTrue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String job(String name) {
        return "protocolVersion: 2\nname: " + name + "\ntype: job\ntaskRoles:\n  main:\n"
                + "    resourcePerInstance: {cpu: 1, memoryMB: 64}\n    commands:\n      - 'true'\n";
    }

    private record Submission(RestClient client, String name, int expected) {
        String document() {
            return name == null ? "protocolVersion: 2\nname: [not, a, name]\ntype: job\n" : job(name);
        }
    }
}
