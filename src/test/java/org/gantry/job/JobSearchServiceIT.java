package org.gantry.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.gantry.security.UserService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

@SpringBootTest
class JobSearchServiceIT {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @Autowired
    JobSearchService search;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    NamedParameterJdbcTemplate named;
    @Autowired
    UserService users;
    @Autowired
    JobRepository repository;

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
    void pages_newest_first_with_offset_and_limit() {
        for (int i = 0; i < 5; i++) {
            rows.job(alice, "train-" + i, "default", JobState.SUCCEEDED, T0.plusSeconds(i));
        }
        JobFilter mine = JobFilter.ALL.withOwner(alice);

        assertThat(search.page(alice, mine, JobSort.SUBMITTED, false, 0, 2))
                .extracting(JobListItem::name).containsExactly("train-4", "train-3");
        assertThat(search.page(alice, mine, JobSort.SUBMITTED, false, 4, 2))
                .extracting(JobListItem::name).containsExactly("train-0");
        assertThat(search.page(alice, mine, JobSort.NAME, true, 0, 1))
                .extracting(JobListItem::name).containsExactly("train-0");
    }

    @Test
    void filters_by_virtual_cluster_state_and_keyword() {
        rows.job(alice, "resnet-a", "default", JobState.RUNNING, T0);
        rows.job(alice, "resnet-b", "gpu", JobState.FAILED, T0.plusSeconds(1));
        rows.job(alice, "bert", "gpu", JobState.RUNNING, T0.plusSeconds(2));
        JobFilter mine = JobFilter.ALL.withOwner(alice);

        assertThat(names(mine.withVirtualCluster("gpu"))).containsExactly("bert", "resnet-b");
        assertThat(names(mine.withStates(Set.of(JobState.RUNNING)))).containsExactly("bert", "resnet-a");
        assertThat(names(mine.withKeyword("RESNET"))).containsExactly("resnet-b", "resnet-a");
        assertThat(names(mine.withKeyword("resnet").withVirtualCluster("gpu").withStates(Set.of(JobState.FAILED))))
                .containsExactly("resnet-b");
        assertThat(names(JobFilter.ALL.withKeyword(alice))).hasSize(3);
    }

    @Test
    void keyword_wildcards_are_taken_literally() {
        rows.job(alice, "a_b", "default", JobState.WAITING, T0);
        rows.job(alice, "axb", "default", JobState.WAITING, T0);

        assertThat(names(JobFilter.ALL.withOwner(alice).withKeyword("a_b"))).containsExactly("a_b");
        assertThat(names(JobFilter.ALL.withOwner(alice).withKeyword("%"))).isEmpty();
    }

    @Test
    void a_keyword_matching_thousands_pages_like_one_matching_few() {
        // More matches than the trigram probe takes, so the page comes from the sort index.
        jdbc.update("insert into job (owner_id, name, virtual_cluster, state, submitted_text, resolved_text,"
                + " submitted_at) select u.id, 'probe-' || g, 'default', 'WAITING', '', '',"
                + " timestamptz '2026-01-01' + make_interval(secs => g) from generate_series(1, 2500) g"
                + " join app_user u on u.username = ?", alice);
        JobFilter mine = JobFilter.ALL.withOwner(alice);

        assertThat(search.page(alice, mine.withKeyword("probe"), JobSort.SUBMITTED, false, 0, 3))
                .extracting(JobListItem::name).containsExactly("probe-2500", "probe-2499", "probe-2498");
        assertThat(search.page(alice, mine.withKeyword("probe-249"), JobSort.SUBMITTED, false, 0, 3))
                .extracting(JobListItem::name).containsExactly("probe-2499", "probe-2498", "probe-2497");
        assertThat(search.countAtMost(alice, mine.withKeyword("probe"), 10_000)).isEqualTo(2500);
    }

    @Test
    void count_stops_at_the_cap() {
        for (int i = 0; i < 4; i++) {
            rows.job(bob, "job-" + i, "default", JobState.WAITING, T0.plusSeconds(i));
        }
        JobFilter bobs = JobFilter.ALL.withOwner(bob);

        assertThat(search.countAtMost(alice, bobs, 100)).isEqualTo(4);
        assertThat(search.countAtMost(alice, bobs, 3)).isEqualTo(3);
    }

    @Test
    void by_ids_returns_fresh_rows() {
        long id = rows.job(alice, "live", "default", JobState.WAITING, T0);
        rows.setState(id, JobState.RUNNING);

        assertThat(search.byIds(alice, Set.of(id))).singleElement()
                .satisfies(job -> assertThat(job.state()).isEqualTo(JobState.RUNNING));
    }

    @Test
    void own_visibility_hides_other_users_jobs_but_not_from_admins() {
        long bobsJob = rows.job(bob, "private", "default", JobState.RUNNING, T0);
        JobSearchService own = new JobSearchService(named, repository, users,
                new JobVisibilityProperties(JobVisibility.OWN));

        assertThat(own.page(alice, JobFilter.ALL.withOwner(bob), JobSort.SUBMITTED, false, 0, 10)).isEmpty();
        assertThat(own.find(alice, bob, "private")).isEmpty();
        assertThat(own.isVisible(alice, bobsJob)).isFalse();
        assertThat(own.isVisible(bob, bobsJob)).isTrue();
        assertThat(own.find("admin", bob, "private")).isPresent();
    }

    @Test
    void virtual_cluster_visibility_shows_jobs_in_the_viewers_clusters() {
        rows.job(bob, "shared", "default", JobState.RUNNING, T0);
        rows.job(bob, "elsewhere", "gpu", JobState.RUNNING, T0);
        JobSearchService byCluster = new JobSearchService(named, repository, users,
                new JobVisibilityProperties(JobVisibility.VIRTUAL_CLUSTER));

        assertThat(byCluster.page(alice, JobFilter.ALL.withOwner(bob), JobSort.SUBMITTED, false, 0, 10))
                .extracting(JobListItem::name).containsExactly("shared");
    }

    private List<String> names(JobFilter filter) {
        return search.page(alice, filter, JobSort.SUBMITTED, false, 0, 100).stream().map(JobListItem::name).toList();
    }
}
