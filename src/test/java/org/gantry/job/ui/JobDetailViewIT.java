package org.gantry.job.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.github.mvysny.kaributesting.v10.pro.ConfirmDialogKt;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.router.QueryParameters;
import java.time.Instant;
import java.util.List;
import java.util.Map;
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
    void a_non_owner_sees_no_stop_resubmit_or_tag_editing() {
        long id = rows.job(bob, "not-mine", "default", JobState.RUNNING, T0);
        rows.tag(id, "baseline");

        UI.getCurrent().navigate("job-detail/" + bob + "~not-mine");
        JobDetailView view = _get(JobDetailView.class);

        assertThat(view.actions.stop.isVisible()).isFalse();
        assertThat(view.actions.resubmit.isVisible()).isFalse();
        assertThat(view.actions.clone.getHref()).isEqualTo("jobs/new?clone=" + bob + "~not-mine");
        assertThat(_find(view.tags, Span.class)).extracting(Span::getText).containsExactly("baseline");
        assertThat(_find(view.tags, Button.class)).isEmpty();
        assertThat(view.tags.newTag.getParent()).isEmpty();
    }

    @Test
    void the_owner_stops_a_running_job_after_confirming() {
        rows.job(alice, "mine-running", "default", JobState.RUNNING, T0);
        UI.getCurrent().navigate("job-detail/" + alice + "~mine-running");
        JobDetailView view = _get(JobDetailView.class);
        assertThat(view.actions.stop.isVisible()).isTrue();

        _click(view.actions.stop);
        ConfirmDialogKt._fireConfirm(_get(ConfirmDialog.class));

        assertThat(field(view, "State")).isEqualTo("Stopping");
        assertThat(view.actions.stop.isVisible()).isFalse();
        assertThat(_find(view.events, Span.class)).extracting(Span::getText)
                .anyMatch(text -> text.startsWith("Stop requested by " + alice));
    }

    @Test
    void the_owner_adds_and_removes_tags_and_sees_tasks_and_config() {
        rows.job(alice, "mine-tagged", "default", JobState.SUCCEEDED, T0);
        UI.getCurrent().navigate("job-detail/" + alice + "~mine-tagged");
        JobDetailView view = _get(JobDetailView.class);

        view.tags.newTag.setValue("best");
        _click(view.tags.add);
        assertThat(_find(view.tags, Span.class)).extracting(Span::getText).containsExactly("best");

        _click(_get(view.tags, Button.class, spec -> spec.withId("remove-tag-best")));
        assertThat(_find(view.tags, Span.class)).isEmpty();

        assertThat(GridKt._size(view.tasks)).isEqualTo(1);
        assertThat(GridKt._get(view.tasks, 0).roleName()).isEqualTo("main");
        view.tabs.setSelectedIndex(view.tabs.getIndexOf(view.tabs.getTab(view.config)));
        assertThat(view.config.getText()).contains("name: mine-tagged");
    }

    @Test
    void a_waiting_job_says_why() {
        long id = rows.job(bob, "queued", "default", JobState.WAITING, T0);
        jdbc.update("update job_task set waiting_reason = 'needs 4 cpu, 1.5 free; position 3 in queue'"
                + " where job_id = ?", id);

        UI.getCurrent().navigate("job-detail/" + bob + "~queued");

        assertThat(field(_get(JobDetailView.class), "Waiting because"))
                .isEqualTo("main-0: needs 4 cpu, 1.5 free; position 3 in queue");
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
                QueryParameters.simple(Map.of("username", bob, "jobName", "bookmarked")));

        assertThat(_get(JobDetailView.class).title.getText()).isEqualTo("bookmarked");
    }

    @Test
    void the_stop_dialog_points_at_resubmit_instead_of_saying_the_job_cannot_run_again() {
        // Regression: the Stop dialog said "it cannot be started again" beside a Resubmit button.
        rows.job(alice, "stop-wording", "default", JobState.RUNNING, T0);
        UI.getCurrent().navigate("job-detail/" + alice + "~stop-wording");
        _click(_get(JobDetailView.class).actions.stop);

        ConfirmDialog confirm = _get(ConfirmDialog.class);
        String text = confirm.getElement().getProperty("message");
        assertThat(text).doesNotContain("cannot be started again").contains("Resubmit");
    }

    @Test
    void exit_diagnostics_sit_beside_their_label_on_a_line_of_their_own() {
        // Regression: the Exit diagnostics value sat in the left column under Attempts, away from its label.
        long id = rows.job(bob, "failed-diag", "default", JobState.FAILED, T0);
        jdbc.update("update job set exit_diagnostics = 'main: 1 failed task(s)' where id = ?", id);
        UI.getCurrent().navigate("job-detail/" + bob + "~failed-diag");
        JobDetailView view = _get(JobDetailView.class);

        List<Span> spans = view.summary.getChildren().map(Span.class::cast).toList();
        Span value = spans.stream().filter(s -> "Exit diagnostics".equals(s.getElement().getAttribute("data-field")))
                .findFirst().orElseThrow();
        Span label = spans.get(spans.indexOf(value) - 1);
        assertThat(label.getText()).isEqualTo("Exit diagnostics");
        assertThat(label.getStyle().get("grid-column")).isEqualTo("1");
        assertThat(value.getStyle().get("grid-column")).isEqualTo("2 / -1");
        assertThat(value.getText()).isEqualTo("main: 1 failed task(s)");
    }

    private static String field(JobDetailView view, String label) {
        return _find(view.summary, Span.class).stream()
                .filter(span -> label.equals(span.getElement().getAttribute("data-field")))
                .findFirst().orElseThrow().getText();
    }
}
