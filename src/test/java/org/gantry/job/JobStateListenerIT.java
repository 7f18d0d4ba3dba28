package org.gantry.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.gantry.security.UserService;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;
import org.springframework.transaction.support.TransactionTemplate;

@SpringBootTest
@RecordApplicationEvents
class JobStateListenerIT {

    @Autowired
    JobRepository jobs;
    @Autowired
    UserService users;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    TransactionTemplate transaction;
    @Autowired
    ApplicationEvents events;

    @Test
    void a_new_job_and_every_state_change_are_announced_but_other_changes_are_not() {
        String alice = new JobRows(jdbc).user("alice");
        long id = transaction.execute(tx -> jobs.save(new Job(users.find(alice).orElseThrow(), "announced",
                "default", "text", "text", Instant.parse("2026-06-01T00:00:00Z"))).getId());

        transaction.executeWithoutResult(tx -> jobs.findById(id).orElseThrow().setRetries(1));
        transaction.executeWithoutResult(tx -> jobs.findById(id).orElseThrow().setState(JobState.RUNNING));
        transaction.executeWithoutResult(tx -> {
            Job job = jobs.findById(id).orElseThrow();
            job.setState(JobState.SUCCEEDED);
            jobs.saveAndFlush(job);
            job.setExitCode(0);
        });

        assertThat(events.stream(JobStateChanged.class)).containsExactly(
                new JobStateChanged(id, alice, "announced", JobState.WAITING),
                new JobStateChanged(id, alice, "announced", JobState.RUNNING),
                new JobStateChanged(id, alice, "announced", JobState.SUCCEEDED));
    }
}
