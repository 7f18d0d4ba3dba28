package org.gantry.job;

import java.util.EnumSet;
import java.util.Set;

/**
 * What the job list shows: every criterion that is blank (or empty) matches all jobs.
 *
 * @param owner          exact username of the job's owner
 * @param virtualCluster exact virtual cluster name
 * @param states         any of these states
 * @param tag            exact tag
 * @param keyword        case-insensitive part of the job's name, owner or virtual cluster
 * @param starredOnly    only jobs the viewer starred
 */
public record JobFilter(String owner, String virtualCluster, Set<JobState> states, String tag, String keyword,
                        boolean starredOnly) {

    public static final JobFilter ALL = new JobFilter("", "", Set.of(), "", "", false);

    public JobFilter {
        owner = blankToEmpty(owner);
        virtualCluster = blankToEmpty(virtualCluster);
        states = states.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(states));
        tag = blankToEmpty(tag);
        keyword = blankToEmpty(keyword);
    }

    public JobFilter withOwner(String owner) {
        return new JobFilter(owner, virtualCluster, states, tag, keyword, starredOnly);
    }

    public JobFilter withVirtualCluster(String virtualCluster) {
        return new JobFilter(owner, virtualCluster, states, tag, keyword, starredOnly);
    }

    public JobFilter withStates(Set<JobState> states) {
        return new JobFilter(owner, virtualCluster, states, tag, keyword, starredOnly);
    }

    public JobFilter withTag(String tag) {
        return new JobFilter(owner, virtualCluster, states, tag, keyword, starredOnly);
    }

    public JobFilter withKeyword(String keyword) {
        return new JobFilter(owner, virtualCluster, states, tag, keyword, starredOnly);
    }

    public JobFilter withStarredOnly(boolean starredOnly) {
        return new JobFilter(owner, virtualCluster, states, tag, keyword, starredOnly);
    }

    private static String blankToEmpty(String value) {
        return value == null ? "" : value.strip();
    }
}
