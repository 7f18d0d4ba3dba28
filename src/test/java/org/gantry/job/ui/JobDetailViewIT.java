package org.gantry.job.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.router.QueryParameters;
import java.time.Instant;
import org.gantry.job.JobFilter;
import org.gantry.job.JobListItem;
import org.gantry.job.JobRows;
import org.gantry.job.JobState;
import org.gantry.security.Role;
import org.gantry.star.StarService;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest
class JobDetailViewIT {

    private static final Instant T0 = Instant.parse("2026-05-01T00:00:00Z");

    @Autowired
    ApplicationContext context;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    StarService stars;

    JobRows rows;
    String alice;
    String bob;

    @BeforeEach
    void setUp() {
        rows = new JobRows(jdbc);
        alice = rows.user("alice");
        bob = rows.user("bob");
        KaribuSupport.signIn(context, alice, Role.USER);
    }

    @AfterEach
    void tearDown() {
        KaribuSupport.signOut();
    }

    @Test
    void the_summary_shows_state_times_and_cluster() {
        rows.job(bob, "finished", "default", JobState.SUCCEEDED, T0);

        UI.getCurrent().navigate("job-detail/" + bob + "~finished");
        JobDetailView view = _get(JobDetailView.class);

        assertThat(view.title.getText()).isEqualTo("finished");
        assertThat(field(view, "State")).isEqualTo("Succeeded");
        assertThat(field(view, "Virtual cluster")).isEqualTo("default");
        assertThat(field(view, "Executor")).isEqualTo("local");
        assertThat(field(view, "Duration")).isEqualTo("1m 00s");
        assertThat(view.getPageTitle()).isEqualTo(bob + "~finished · Gantry");
    }

    @Test
    void the_star_on_the_detail_page_is_the_same_star_as_in_the_lists() {
        rows.job(bob, "to-star", "default", JobState.RUNNING, T0);
        UI.getCurrent().navigate("job-detail/" + bob + "~to-star");
        JobDetailView view = _get(JobDetailView.class);

        _click(view.star);
        assertThat(stars.starredJobs(alice, JobFilter.ALL, 0, 10)).extracting(JobListItem::name)
                .containsExactly("to-star");
        assertThat(view.star.getElement().getAttribute("data-starred")).isEqualTo("true");

        _click(view.star);
        assertThat(stars.starredJobs(alice, JobFilter.ALL, 0, 10)).isEmpty();
    }

    @Test
    void an_unknown_job_is_not_found() {
        UI.getCurrent().navigate("job-detail/" + bob + "~no-such-job");
        assertThat(_find(JobDetailView.class)).isEmpty();

        UI.getCurrent().navigate("job-detail/no-tilde");
        assertThat(_find(JobDetailView.class)).isEmpty();
    }

    @Test
    void openpai_job_detail_links_open_the_job() {
        rows.job(bob, "bookmarked", "default", JobState.WAITING, T0);

        UI.getCurrent().navigate("job-detail.html",
                QueryParameters.simple(java.util.Map.of("username", bob, "jobName", "bookmarked")));

        assertThat(_get(JobDetailView.class).title.getText()).isEqualTo("bookmarked");
    }

    private static String field(JobDetailView view, String label) {
        return _find(view.summary, Span.class).stream()
                .filter(span -> label.equals(span.getElement().getAttribute("data-field")))
                .findFirst().orElseThrow().getText();
    }
}
