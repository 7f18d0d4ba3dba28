package org.gantry.star;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.gantry.job.JobFilter;
import org.gantry.job.JobSearchService;
import org.gantry.job.JobSort;
import org.gantry.job.JobStars;
import org.gantry.job.JobListItem;
import org.springframework.jdbc.core.namedparam.MapSqlParameterSource;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Per-user stars on jobs. A user may star any job they may see; stars of a deleted job or
 * user go with it (the foreign keys cascade).
 */
@Service
public class StarService implements JobStars {

    private final NamedParameterJdbcTemplate jdbc;
    private final JobSearchService jobs;
    private final Clock clock;

    StarService(NamedParameterJdbcTemplate jdbc, JobSearchService jobs, Clock clock) {
        this.jdbc = jdbc;
        this.jobs = jobs;
        this.clock = clock;
    }

    /**
     * Stars or unstars {@code owner~name} for {@code viewer}.
     *
     * @return the job as the viewer now sees it, or empty when the viewer may not see such a job
     */
    @Transactional
    public Optional<JobListItem> setStarred(String viewer, String owner, String name, boolean starred) {
        Optional<JobListItem> job = jobs.find(viewer, owner, name);
        job.ifPresent(found -> write(viewer, found.id(), starred));
        return job.map(found -> found.withStarred(starred));
    }

    @Override
    @Transactional
    public boolean setStarred(String viewer, long jobId, boolean starred) {
        if (!jobs.isVisible(viewer, jobId)) {
            return false;
        }
        write(viewer, jobId, starred);
        return true;
    }

    /** The viewer's starred jobs that match {@code filter}, most recently submitted first. */
    @Transactional(readOnly = true)
    public List<JobListItem> starredJobs(String viewer, JobFilter filter, int offset, int limit) {
        return jobs.page(viewer, filter.withStarredOnly(true), JobSort.SUBMITTED, false, offset, limit);
    }

    private void write(String viewer, long jobId, boolean starred) {
        var params = new MapSqlParameterSource("viewer", viewer).addValue("job", jobId)
                .addValue("now", Timestamp.from(clock.instant()));
        if (starred) {
            jdbc.update("insert into job_star (user_id, job_id, created_at)"
                    + " select u.id, :job, :now from app_user u where u.username = :viewer"
                    + " on conflict (user_id, job_id) do nothing", params);
        } else {
            jdbc.update("delete from job_star s using app_user u"
                    + " where s.user_id = u.id and u.username = :viewer and s.job_id = :job", params);
        }
    }
}
