package org.gantry.job;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One row of the job list as one viewer sees it: the job's list columns, its tags and
 * whether this viewer starred it. Read in one query, so a page never touches the job texts.
 */
public record JobListItem(long id, String owner, String name, String virtualCluster, JobState state,
                          Instant submittedAt, Optional<Instant> startedAt, Optional<Instant> completedAt,
                          int retries, Optional<Integer> exitCode, List<String> tags, boolean starred) {

    public JobListItem {
        tags = List.copyOf(tags);
    }

    /** OpenPAI's job id: {@code user~name}. */
    public String frameworkName() {
        return owner + "~" + name;
    }

    /** Time from start to completion, or to {@code now} while running. */
    public Optional<Duration> duration(Instant now) {
        return startedAt.map(start -> Duration.between(start, completedAt.orElse(now)));
    }

    public JobListItem withStarred(boolean starred) {
        return new JobListItem(id, owner, name, virtualCluster, state, submittedAt, startedAt, completedAt, retries,
                exitCode, tags, starred);
    }
}
