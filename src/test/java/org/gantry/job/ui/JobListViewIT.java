package org.gantry.job.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._find;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.github.mvysny.kaributesting.v10.MockVaadin;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.GridSortOrder;
import com.vaadin.flow.data.provider.SortDirection;
import com.vaadin.flow.router.QueryParameters;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gantry.job.JobRows;
import org.gantry.job.JobState;
import org.gantry.job.JobStateChanged;
import org.gantry.job.JobListItem;
import org.gantry.security.Role;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.jdbc.core.JdbcTemplate;

@SpringBootTest
class JobListViewIT {

    private static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

    @Autowired
    ApplicationContext context;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    ApplicationEventPublisher events;

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
    void the_filter_is_read_from_the_url_and_written_back_to_it() {
        rows.job(bob, "bert-large", "default", JobState.RUNNING, T0);
        rows.job(bob, "bert-small", "default", JobState.FAILED, T0.plusSeconds(1));
        rows.job(bob, "resnet", "default", JobState.RUNNING, T0.plusSeconds(2));

        UI.getCurrent().navigate("", QueryParameters.simple(Map.of("scope", "all", "user", bob, "state", "RUNNING")));
        JobListPanel list = _get(JobListView.class).list;

        assertThat(list.filters.scope.getValue()).isEqualTo(JobFilterBar.ALL);
        assertThat(list.filters.user.getValue()).isEqualTo(bob);
        assertThat(list.filters.states.getValue()).containsExactly(JobState.RUNNING);
        assertThat(names(list)).containsExactly("resnet", "bert-large");
        assertThat(list.count.getText()).isEqualTo("2 jobs");

        list.filters.keyword.setValue("bert");
        assertThat(names(list)).containsExactly("bert-large");
        QueryParameters written = list.query();
        assertThat(written.getParameters()).containsEntry("keyword", List.of("bert"))
                .containsEntry("user", List.of(bob)).containsEntry("state", List.of("RUNNING"));

        // The written URL, opened afresh, shows the same list.
        UI.getCurrent().navigate("starred");
        UI.getCurrent().navigate("", written);
        JobListPanel reopened = _get(JobListView.class).list;
        assertThat(reopened.state()).isEqualTo(list.state());
        assertThat(names(reopened)).containsExactly("bert-large");
    }

    @Test
    void the_sort_is_read_from_the_url_and_written_back_to_it() {
        rows.job(alice, "b-job", "default", JobState.WAITING, T0);
        rows.job(alice, "a-job", "default", JobState.WAITING, T0.plusSeconds(1));
        rows.job(alice, "c-job", "default", JobState.WAITING, T0.plusSeconds(2));

        UI.getCurrent().navigate("", QueryParameters.simple(Map.of("sort", "name", "dir", "asc")));
        JobListPanel list = _get(JobListView.class).list;
        assertThat(names(list)).containsExactly("a-job", "b-job", "c-job");

        list.grid.sort(List.of(new GridSortOrder<>(
                list.grid.getColumnByKey("name"), SortDirection.DESCENDING)));
        assertThat(names(list)).containsExactly("c-job", "b-job", "a-job");
        assertThat(list.query().getParameters()).containsEntry("sort", List.of("name"))
                .containsEntry("dir", List.of("desc"));
    }

    @Test
    void the_list_shows_the_users_own_jobs_by_default() {
        rows.job(alice, "mine", "default", JobState.WAITING, T0);
        rows.job(bob, "theirs", "default", JobState.WAITING, T0);

        UI.getCurrent().navigate("");
        JobListPanel list = _get(JobListView.class).list;

        assertThat(names(list)).containsExactly("mine");
        assertThat(list.filters.user.isVisible()).isFalse();
        assertThat(list.query().getParameters()).isEmpty();
    }

    @Test
    void a_star_set_in_the_list_shows_in_the_starred_view_and_unstarring_there_removes_it() {
        rows.job(bob, "to-star", "default", JobState.RUNNING, T0);
        UI.getCurrent().navigate("", QueryParameters.simple(Map.of("scope", "all", "user", bob)));
        JobListPanel list = _get(JobListView.class).list;

        // the star's click reaches toggleStar through the grid's Lit renderer (JobViewsBrowserIT clicks it in a browser)
        list.toggleStar(GridKt._get(list.grid, 0));
        assertThat(GridKt._get(list.grid, 0).starred()).isTrue();

        UI.getCurrent().navigate("starred");
        JobListPanel starred = _get(StarredJobsView.class).list;
        assertThat(names(starred)).containsExactly("to-star");
        assertThat(starred.count.getText()).isEqualTo("1 starred job");

        starred.toggleStar(GridKt._get(starred.grid, 0));
        assertThat(names(starred)).isEmpty();
    }

    @Test
    void bulk_actions_stop_and_tag_the_selected_own_jobs_only() {
        String token = alice.substring(alice.indexOf('-') + 1);
        long first = rows.job(alice, "sweep-" + token + "-1", "default", JobState.WAITING, T0);
        long second = rows.job(alice, "sweep-" + token + "-2", "default", JobState.WAITING, T0.plusSeconds(1));
        rows.job(bob, "bobs-" + token, "default", JobState.WAITING, T0.plusSeconds(2));
        UI.getCurrent().navigate("", QueryParameters.simple(Map.of("scope", "all", "keyword", token)));
        JobListPanel list = _get(JobListView.class).list;
        List<JobListItem> shown = GridKt._fetch(list.grid, 0, 100);
        JobListItem bobs = shown.stream().filter(j -> j.owner().equals(bob)).findFirst().orElseThrow();
        assertThat(list.canActOn(bobs)).isFalse();

        shown.stream().filter(j -> j.owner().equals(alice)).forEach(list.grid::select);
        assertThat(list.bulk.stop.isEnabled()).isTrue();
        list.bulk.tagName.setValue("tag-" + token);
        _click(list.bulk.tag);
        list.bulk.stopSelected();

        UI.getCurrent().navigate("", QueryParameters.simple(Map.of("tag", "tag-" + token)));
        List<JobListItem> tagged = GridKt._fetch(_get(JobListView.class).list.grid, 0, 100);
        assertThat(tagged).extracting(JobListItem::id).containsExactlyInAnyOrder(first, second);
        assertThat(tagged).extracting(JobListItem::state).containsOnly(JobState.STOPPED);
    }

    @Test
    void an_empty_list_offers_a_new_job_and_the_templates() {
        // Regression: an empty list said only "No jobs match." with no way on.
        UI.getCurrent().navigate("");
        JobListPanel list = _get(JobListView.class).list;
        assertThat(GridKt._size(list.grid)).isZero();
        assertThat(list.empty.message.getText()).startsWith("No jobs yet");
        assertThat(list.empty.hrefs.get(0)).isEqualTo("jobs/new");
        assertThat(list.empty.hrefs).contains("jobs/new?template=hello-world", "jobs/new?template=pytorch-mnist");

        UI.getCurrent().navigate("", QueryParameters.simple(Map.of("keyword", "nothing-has-this-name")));
        assertThat(_get(JobListView.class).list.empty.message.getText()).startsWith("No jobs match these filters");
    }

    @Test
    void the_bulk_actions_say_they_act_on_the_selected_jobs() {
        // Regression: a bare "Tag" box sat beside disabled Tag/Stop buttons that nothing said were bulk actions.
        long id = rows.job(alice, "bulk-label", "default", JobState.WAITING, T0);
        UI.getCurrent().navigate("");
        JobListPanel list = _get(JobListView.class).list;
        assertThat(list.bulk.hint.isVisible()).isTrue();
        assertThat(list.bulk.tag.getText()).isEqualTo("Tag selected");
        assertThat(list.bulk.stop.getText()).isEqualTo("Stop selected");
        assertThat(list.bulk.tag.isEnabled()).isFalse();
        assertThat(list.bulk.tagName.isVisible()).isFalse();

        GridKt._fetch(list.grid, 0, 100).stream().filter(j -> j.id() == id).forEach(list.grid::select);
        assertThat(list.bulk.hint.isVisible()).isFalse();
        assertThat(list.bulk.tag.getText()).isEqualTo("Tag selected (1)");
        assertThat(list.bulk.stop.isEnabled()).isTrue();
        assertThat(list.bulk.tagName.isVisible()).isTrue();
    }

    @Test
    void a_state_change_shows_without_reload() throws InterruptedException {
        long id = rows.job(alice, "watched", "default", JobState.WAITING, T0);
        UI.getCurrent().navigate("");
        JobListPanel list = _get(JobListView.class).list;
        // What a browser does: ask for the rows it can show.
        list.grid.getDataCommunicator().setViewportRange(0, 50);
        MockVaadin.clientRoundtrip();
        assertThat(shown(list, id).state()).isEqualTo(JobState.WAITING);

        rows.setState(id, JobState.RUNNING);
        events.publishEvent(new JobStateChanged(id, alice, "watched", JobState.RUNNING));

        for (int i = 0; i < 100 && shown(list, id).state() != JobState.RUNNING; i++) {
            Thread.sleep(50);
            MockVaadin.clientRoundtrip();
        }
        assertThat(shown(list, id).state()).isEqualTo(JobState.RUNNING);
    }

    /** The row as the grid last sent it to the browser, not as the database has it now. */
    private static JobListItem shown(JobListPanel list, long id) {
        var keys = list.grid.getDataCommunicator().getKeyMapper();
        JobListItem probe = GridKt._fetch(list.grid, 0, 100).stream().filter(j -> j.id() == id).findFirst()
                .orElseThrow();
        assertThat(keys.has(probe)).as("row is shown").isTrue();
        return keys.get(keys.key(probe));
    }

    private static List<String> names(JobListPanel list) {
        return GridKt._fetch(list.grid, 0, 100).stream().map(JobListItem::name).toList();
    }
}
