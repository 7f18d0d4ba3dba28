package org.gantry.job.ui;

import com.vaadin.flow.data.provider.AbstractBackEndDataProvider;
import com.vaadin.flow.data.provider.Query;
import com.vaadin.flow.data.provider.QuerySortOrder;
import com.vaadin.flow.data.provider.SortDirection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.gantry.job.FailureExplanations;
import org.gantry.job.JobFilter;
import org.gantry.job.JobState;
import org.gantry.job.JobSearchService;
import org.gantry.job.JobSort;
import org.gantry.job.JobListItem;

/**
 * The job grid's rows, a page at a time from {@link JobSearchService}. Rows are identified by
 * job id, so that a refreshed row replaces the one on screen.
 */
class JobDataProvider extends AbstractBackEndDataProvider<JobListItem, Void> {

    private final JobSearchService search;
    private final String viewer;
    private final Supplier<JobFilter> filter;
    private final Optional<FailureExplanations> explanations;
    private final Consumer<Map<Long, String>> reasons;

    /** {@code reasons} gets, before a page is shown, why the page's failed jobs failed. */
    JobDataProvider(JobSearchService search, String viewer, Supplier<JobFilter> filter,
                    Optional<FailureExplanations> explanations, Consumer<Map<Long, String>> reasons) {
        this.search = search;
        this.viewer = viewer;
        this.filter = filter;
        this.explanations = explanations;
        this.reasons = reasons;
    }

    @Override
    protected Stream<JobListItem> fetchFromBackEnd(Query<JobListItem, Void> query) {
        Optional<QuerySortOrder> order = query.getSortOrders().stream().findFirst();
        JobSort sort = order.flatMap(o -> JobSort.parse(o.getSorted())).orElse(JobSort.SUBMITTED);
        boolean ascending = order.map(o -> o.getDirection() == SortDirection.ASCENDING).orElse(false);
        List<JobListItem> page = search.page(viewer, filter.get(), sort, ascending, query.getOffset(), query.getLimit());
        List<Long> failed = page.stream().filter(j -> j.state() == JobState.FAILED).map(JobListItem::id).toList();
        if (!failed.isEmpty()) {
            explanations.ifPresent(e -> reasons.accept(e.reasons(failed)));
        }
        return page.stream();
    }

    @Override
    protected int sizeInBackEnd(Query<JobListItem, Void> query) {
        // Only reached if someone switches the grid back to a defined size: count, but not forever.
        return (int) search.countAtMost(viewer, filter.get(), JobListPanel.COUNT_CAP);
    }

    @Override
    public Object getId(JobListItem item) {
        return item.id();
    }
}
