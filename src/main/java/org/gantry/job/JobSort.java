package org.gantry.job;

import java.util.Locale;
import java.util.Optional;

/**
 * A column the job list may be sorted by, with the SQL that sorts it; ties go by submission
 * in the same direction. Each has an index that yields the first page without sorting the table. Duration has none
 * (a running job's duration grows with now()), so the list does not sort by it.
 */
public enum JobSort {
    NAME("j.name"),
    USER("u.username"),
    VIRTUAL_CLUSTER("j.virtual_cluster"),
    STATE("j.state"),
    SUBMITTED("j.submitted_at"),
    RETRIES("j.retries");

    final String sql;

    JobSort(String sql) {
        this.sql = sql;
    }

    /** The sort named like a column key or REST order field ({@code submittedAt}, {@code virtual-cluster}, …). */
    public static Optional<JobSort> parse(String name) {
        String key = name.replaceAll("[^A-Za-z]", "").toUpperCase(Locale.ROOT);
        return switch (key) {
            case "NAME", "JOBNAME" -> Optional.of(NAME);
            case "USER", "USERNAME", "OWNER" -> Optional.of(USER);
            case "VIRTUALCLUSTER", "VC" -> Optional.of(VIRTUAL_CLUSTER);
            case "STATE", "STATUS" -> Optional.of(STATE);
            case "SUBMITTED", "SUBMITTEDAT", "SUBMISSIONTIME", "CREATEDTIME" -> Optional.of(SUBMITTED);
            case "RETRIES" -> Optional.of(RETRIES);
            default -> Optional.empty();
        };
    }
}
