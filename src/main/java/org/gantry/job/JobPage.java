package org.gantry.job;

import java.util.List;
import java.util.OptionalLong;

/** Jobs of one {@link JobQuery}, with the number of all matches when it was asked for. */
public record JobPage(List<JobSummary> jobs, OptionalLong totalCount) {

    public JobPage {
        jobs = List.copyOf(jobs);
    }
}
