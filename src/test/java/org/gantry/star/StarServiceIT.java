package org.gantry.star;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Set;
import org.gantry.job.JobFilter;
import org.gantry.job.JobRows;
import org.gantry.job.JobSearchService;
import org.gantry.job.JobState;
import org.gantry.job.JobListItem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest
class StarServiceIT {

    private static final Instant T0 = Instant.parse("2026-02-01T00:00:00Z");

    @Autowired
    StarService stars;
    @Autowired
    JobSearchService jobs;
    @Autowired
    JdbcTemplate jdbc;

    JobRows rows;
    String alice;
    String bob;

    @BeforeEach
    void setUp() {
        rows = new JobRows(jdbc);
        alice = rows.user("alice");
        bob = rows.user("bob");
    }

    @Test
    void a_user_stars_another_users_job_and_finds_it_among_their_starred_jobs() {
        rows.job(bob, "bobs-run", "default", JobState.RUNNING, T0);
        rows.job(bob, "other-run", "default", JobState.RUNNING, T0.plusSeconds(1));

        assertThat(stars.setStarred(alice, bob, "bobs-run", true)).get().extracting(JobListItem::starred)
                .isEqualTo(true);

        assertThat(stars.starredJobs(alice, JobFilter.ALL, 0, 10)).extracting(JobListItem::name)
                .containsExactly("bobs-run");
        assertThat(stars.starredJobs(bob, JobFilter.ALL, 0, 10)).isEmpty();
        assertThat(jobs.find(bob, bob, "bobs-run")).get().extracting(JobListItem::starred).isEqualTo(false);
    }

    @Test
    void starring_twice_and_unstarring_twice_are_harmless() {
        long id = rows.job(bob, "twice", "default", JobState.WAITING, T0);

        assertThat(stars.setStarred(alice, id, true)).isTrue();
        assertThat(stars.setStarred(alice, id, true)).isTrue();
        assertThat(stars.starredJobs(alice, JobFilter.ALL, 0, 10)).hasSize(1);

        assertThat(stars.setStarred(alice, id, false)).isTrue();
        assertThat(stars.setStarred(alice, id, false)).isTrue();
        assertThat(stars.starredJobs(alice, JobFilter.ALL, 0, 10)).isEmpty();
    }

    @Test
    void a_deleted_job_disappears_from_stars() {
        long id = rows.job(bob, "short-lived", "default", JobState.SUCCEEDED, T0);
        stars.setStarred(alice, id, true);

        rows.delete(id);

        assertThat(stars.starredJobs(alice, JobFilter.ALL, 0, 10)).isEmpty();
        assertThat(jdbc.queryForObject("select count(*) from job_star where job_id = ?", Long.class, id)).isZero();
    }

    @Test
    void an_unknown_job_cannot_be_starred() {
        assertThat(stars.setStarred(alice, bob, "no-such-job", true)).isEmpty();
        assertThat(stars.setStarred(alice, -1L, true)).isFalse();
    }

    @Test
    void starred_jobs_take_the_same_filters_as_the_list() {
        rows.job(bob, "keep-a", "default", JobState.RUNNING, T0);
        rows.job(bob, "keep-b", "default", JobState.FAILED, T0.plusSeconds(1));
        stars.setStarred(alice, bob, "keep-a", true);
        stars.setStarred(alice, bob, "keep-b", true);

        assertThat(stars.starredJobs(alice, JobFilter.ALL.withStates(Set.of(JobState.FAILED)), 0, 10))
                .extracting(JobListItem::name).containsExactly("keep-b");
    }
}
