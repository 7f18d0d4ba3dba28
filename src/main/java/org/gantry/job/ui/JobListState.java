package org.gantry.job.ui;

import com.vaadin.flow.router.QueryParameters;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.gantry.job.JobFilter;
import org.gantry.job.JobSort;
import org.gantry.job.JobState;

/**
 * What a job list shows, as it travels in the URL so that a filtered list can be bookmarked:
 * {@code ?scope=all&user=alice&vc=gpu&state=RUNNING,FAILED&tag=x&keyword=bert&sort=name&dir=asc}.
 * Parameters left at their default are left out.
 */
record JobListState(boolean mine, JobFilter filter, JobSort sort, boolean ascending) {

    static JobListState defaults(boolean mine) {
        return new JobListState(mine, JobFilter.ALL, JobSort.SUBMITTED, false);
    }

    /** Reads the URL's parameters; what is missing or unreadable keeps its default. */
    static JobListState fromQuery(QueryParameters query, boolean defaultMine) {
        Map<String, List<String>> params = query.getParameters();
        boolean mine = first(params, "scope").map(scope -> !scope.equals("all")).orElse(defaultMine);
        Set<JobState> states = first(params, "state").map(JobListState::states).orElse(Set.of());
        JobFilter filter = new JobFilter(mine ? "" : first(params, "user").orElse(""),
                first(params, "vc").orElse(""), states, first(params, "tag").orElse(""),
                first(params, "keyword").orElse(""), false);
        JobSort sort = first(params, "sort").flatMap(JobSort::parse).orElse(JobSort.SUBMITTED);
        boolean ascending = first(params, "dir").map(dir -> dir.equals("asc")).orElse(false);
        return new JobListState(mine, filter, sort, ascending);
    }

    QueryParameters toQuery(boolean defaultMine) {
        Map<String, String> params = new LinkedHashMap<>();
        if (mine != defaultMine) {
            params.put("scope", mine ? "mine" : "all");
        }
        putIfSet(params, "user", mine ? "" : filter.owner());
        putIfSet(params, "vc", filter.virtualCluster());
        putIfSet(params, "state", filter.states().stream().map(Enum::name).sorted().collect(Collectors.joining(",")));
        putIfSet(params, "tag", filter.tag());
        putIfSet(params, "keyword", filter.keyword());
        if (sort != JobSort.SUBMITTED || ascending) {
            params.put("sort", sort.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            params.put("dir", ascending ? "asc" : "desc");
        }
        return QueryParameters.simple(params);
    }

    /** The filter the database sees: "mine" narrows it to the viewer's own jobs. */
    JobFilter effectiveFilter(String viewer) {
        return mine ? filter.withOwner(viewer) : filter;
    }

    JobListState withFilter(boolean mine, JobFilter filter) {
        return new JobListState(mine, filter, sort, ascending);
    }

    JobListState withSort(JobSort sort, boolean ascending) {
        return new JobListState(mine, filter, sort, ascending);
    }

    private static Optional<String> first(Map<String, List<String>> params, String name) {
        return Optional.ofNullable(params.get(name)).flatMap(values -> values.stream().findFirst())
                .map(String::strip).filter(value -> !value.isEmpty());
    }

    private static Set<JobState> states(String value) {
        Set<JobState> states = EnumSet.noneOf(JobState.class);
        Arrays.stream(value.split(",")).map(s -> s.strip().toUpperCase(Locale.ROOT))
                .filter(s -> Arrays.stream(JobState.values()).anyMatch(st -> st.name().equals(s)))
                .forEach(s -> states.add(JobState.valueOf(s)));
        return states;
    }

    private static void putIfSet(Map<String, String> params, String name, String value) {
        if (!value.isEmpty()) {
            params.put(name, value);
        }
    }
}
