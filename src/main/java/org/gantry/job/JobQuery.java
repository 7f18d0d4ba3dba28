package org.gantry.job;

import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Sort;

/**
 * A page of the job list, with OpenPAI's filters. Tag filters: a job matches
 * {@code tagsContain} when it has at least one of them and {@code tagsNotContain} when it
 * has none of them.
 */
public record JobQuery(Optional<String> username, Optional<String> virtualCluster, List<JobState> states,
                       Optional<String> keyword, List<String> tagsContain, List<String> tagsNotContain,
                       Sort sort, long offset, int limit, boolean withTotalCount) {

    public static final int DEFAULT_LIMIT = 5000;
    public static final int MAX_LIMIT = 50000;

    public JobQuery {
        states = List.copyOf(states);
        tagsContain = List.copyOf(tagsContain);
        tagsNotContain = List.copyOf(tagsNotContain);
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative");
        }
        if (limit < 0 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit must be between 0 and " + MAX_LIMIT);
        }
    }

    public static JobQuery all() {
        return new JobQuery(Optional.empty(), Optional.empty(), List.of(), Optional.empty(), List.of(), List.of(),
                Sort.by(Sort.Direction.DESC, "submittedAt", "id"), 0, DEFAULT_LIMIT, false);
    }
}
