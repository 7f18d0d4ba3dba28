package org.gantry.job.ui;

import com.vaadin.flow.component.AttachEvent;
import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.DetachEvent;
import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.grid.Grid;
import com.vaadin.flow.component.grid.GridSortOrder;
import com.vaadin.flow.component.html.Span;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.data.provider.SortDirection;
import com.vaadin.flow.router.Location;
import com.vaadin.flow.router.QueryParameters;
import com.vaadin.flow.router.RouteConfiguration;
import com.vaadin.flow.shared.Registration;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.gantry.base.ui.Notifications;
import org.gantry.job.JobSort;
import org.gantry.job.JobFilter;
import org.gantry.job.JobListItem;
import org.gantry.security.VirtualCluster;

/**
 * A filtered, sorted, live job list with star toggles: the body of both the job list and the
 * starred jobs view. The grid pages in the database and never counts beyond {@link #COUNT_CAP}.
 */
class JobListPanel extends VerticalLayout {

    static final long COUNT_CAP = 10_000;
    private static final Duration REFRESH_DELAY = Duration.ofMillis(500);

    final JobFilterBar filters;
    final JobGrid grid;
    final Span count = new Span();
    final HorizontalLayout actions = new HorizontalLayout();
    final JobBulkActions bulk;
    final JobListEmptyState empty = new JobListEmptyState();

    private final JobViewSupport support;
    private final String viewer;
    private final boolean starredOnly;
    private final boolean defaultMine;
    private final Class<? extends Component> route;
    private final boolean admin;
    private JobListState state;
    private Registration liveUpdates;
    private Registration resizes;

    JobListPanel(JobViewSupport support, boolean starredOnly, boolean defaultMine, Class<? extends Component> route) {
        this.support = support;
        this.viewer = support.currentUser().require();
        this.starredOnly = starredOnly;
        this.defaultMine = defaultMine;
        this.route = route;
        this.state = JobListState.defaults(defaultMine);
        setPadding(false);
        setSizeFull();

        List<String> clusters = support.groups().virtualClusters().stream().map(VirtualCluster::getName).toList();
        filters = new JobFilterBar(clusters, support.search().seesOthersJobs(viewer));
        filters.setFilter(state.mine(), state.filter(), false);
        filters.addFilterChangedListener(e -> apply(state.withFilter(filters.mine(), filters.filter())));

        grid = new JobGrid(support.clock(), this::toggleStar);
        admin = support.currentUser().isAdmin();
        grid.setSelectionMode(Grid.SelectionMode.MULTI);
        grid.setItemSelectableProvider(this::canActOn);
        // The selection stays after an action, so that the same jobs can be tagged and then stopped.
        bulk = new JobBulkActions(support.jobs(), () -> grid.getSelectedItems(), this::refresh);
        grid.addSelectionListener(e -> bulk.selectionChanged(e.getAllSelectedItems().size()));
        grid.setId(starredOnly ? "starred-list" : "job-list");
        grid.setSizeFull();
        grid.setItems(new JobDataProvider(support.search(), viewer, this::dbFilter, support.failureExplanations(),
                grid::reasons));
        // Never count for the grid: it learns the end of the list when a page comes back short.
        grid.getLazyDataView().setItemCountUnknown();
        if (starredOnly) {
            grid.setEmptyStateText("No starred jobs. Star a job in the job list to keep it here.");
        } else {
            grid.setEmptyStateComponent(empty);
        }
        grid.addSortListener(e -> e.getSortOrder().stream().findFirst().ifPresent(order -> {
            JobSort sort = JobSort.parse(order.getSorted().getKey()).orElse(JobSort.SUBMITTED);
            state = state.withSort(sort, order.getDirection() == SortDirection.ASCENDING);
            writeUrl();
        }));
        sortGrid();

        count.setId(starredOnly ? "starred-count" : "job-count");
        count.getStyle().set("color", "var(--lumo-secondary-text-color)").set("font-size", "var(--lumo-font-size-s)");
        actions.setAlignItems(FlexComponent.Alignment.BASELINE);
        actions.add(bulk);
        HorizontalLayout bar = new HorizontalLayout(count, actions);
        bar.setAlignItems(FlexComponent.Alignment.BASELINE);
        bar.setWidthFull();
        // On a narrow window the bulk actions go under the count instead of pushing the page sideways.
        bar.getStyle().set("flex-wrap", "wrap");
        bar.expand(count);
        add(filters, bar, grid);
        updateCount();
    }

    /** Shows the list the URL asks for (called by the view before it is entered). */
    void show(QueryParameters query) {
        JobListState asked = JobListState.fromQuery(query, defaultMine);
        if (!asked.equals(state)) {
            state = asked;
            filters.setFilter(state.mine(), state.filter(), false);
            sortGrid();
            refresh();
        }
    }

    /** Bulk actions are for the viewer's own jobs; an administrator may act on any. */
    boolean canActOn(JobListItem job) {
        return admin || job.owner().equals(viewer);
    }

    QueryParameters query() {
        return state.toQuery(defaultMine);
    }

    JobListState state() {
        return state;
    }

    void refresh() {
        grid.getDataProvider().refreshAll();
        updateCount();
    }

    private void apply(JobListState changed) {
        state = changed;
        writeUrl();
        refresh();
    }

    private JobFilter dbFilter() {
        return state.effectiveFilter(viewer).withStarredOnly(starredOnly);
    }

    private void sortGrid() {
        String key = switch (state.sort()) {
            case VIRTUAL_CLUSTER -> "virtualCluster";
            default -> state.sort().name().toLowerCase(Locale.ROOT);
        };
        Grid.Column<JobListItem> column = grid.getColumnByKey(key);
        grid.sort(List.of(new GridSortOrder<>(column,
                state.ascending() ? SortDirection.ASCENDING : SortDirection.DESCENDING)));
    }

    private void updateCount() {
        long n = support.search().countAtMost(viewer, dbFilter(), COUNT_CAP);
        String noun = starredOnly ? " starred job" : " job";
        empty.show(!state.filter().equals(JobFilter.ALL));
        count.setText(n >= COUNT_CAP ? String.format("%,d+%ss", COUNT_CAP, noun)
                : String.format("%,d%s%s", n, noun, n == 1 ? "" : "s"));
    }

    void toggleStar(JobListItem job) {
        if (!support.stars().setStarred(viewer, job.id(), !job.starred())) {
            Notifications.error("Job " + job.frameworkName() + " is no longer there");
            refresh();
            return;
        }
        if (starredOnly) {
            refresh();
        } else {
            grid.getDataProvider().refreshItem(job.withStarred(!job.starred()));
        }
    }

    private void writeUrl() {
        getUI().ifPresent(ui -> {
            String path = RouteConfiguration.forSessionScope().getUrl(route);
            ui.getPage().getHistory().replaceState(null, new Location(path, query()));
        });
    }

    private void applyUpdates(Set<Long> ids) {
        List<JobListItem> fresh = support.search().byIds(viewer, ids);
        boolean allShown = fresh.size() == ids.size() && state.filter().states().isEmpty();
        for (JobListItem job : fresh) {
            if (grid.getDataCommunicator().getKeyMapper().has(job)) {
                grid.getDataProvider().refreshItem(job);
            } else {
                allShown = false;
            }
        }
        if (!allShown) {
            refresh();
        }
    }

    @Override
    protected void onAttach(AttachEvent event) {
        UI ui = event.getUI();
        CoalescedUpdates updates = new CoalescedUpdates(ui, support.broadcaster().scheduler(), REFRESH_DELAY,
                this::applyUpdates);
        liveUpdates = support.broadcaster().register(change -> updates.add(change.jobId()));
        ui.getPage().retrieveExtendedClientDetails(details -> grid.fitWidth(details.getWindowInnerWidth()));
        resizes = ui.getPage().addBrowserWindowResizeListener(e -> grid.fitWidth(e.getWidth()));
    }

    @Override
    protected void onDetach(DetachEvent event) {
        if (liveUpdates != null) {
            liveUpdates.remove();
            liveUpdates = null;
        }
        if (resizes != null) {
            resizes.remove();
            resizes = null;
        }
    }
}
