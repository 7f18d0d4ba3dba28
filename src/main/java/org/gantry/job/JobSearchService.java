package org.gantry.job;

import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.security.UserAccount;
import org.gantry.security.UserService;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The job list as one viewer may see it, paged in the database: one query per page, no
 * total count unless asked for (and then a capped one), so that a list of a hundred
 * thousand jobs opens as fast as a list of ten. See docs/decisions/0006-job-list-paging.md.
 */
@Service
public class JobSearchService {

    /** Largest page a caller may ask for. */
    public static final int MAX_LIMIT = 1000;
    private static final int KEYWORD_PROBE = 2000;

    private final NamedParameterJdbcTemplate jdbc;
    private final JobRepository repository;
    private final UserService users;
    private final JobVisibilityProperties properties;

    JobSearchService(NamedParameterJdbcTemplate jdbc, JobRepository repository, UserService users,
                     JobVisibilityProperties properties) {
        this.jdbc = jdbc;
        this.repository = repository;
        this.users = users;
        this.properties = properties;
    }

    /** Jobs {@code offset … offset+limit-1} of those matching {@code filter} that {@code viewer} may see. */
    @Transactional(readOnly = true)
    public List<JobListItem> page(String viewer, JobFilter filter, JobSort sort, boolean ascending, int offset,
                                 int limit) {
        if (offset < 0 || limit < 0) {
            throw new IllegalArgumentException("offset and limit must not be negative");
        }
        ViewerScope scope = scope(viewer);
        JobListSql sql = new JobListSql(scope, filter);
        Optional<List<Long>> fewMatches = fewKeywordMatches(scope, filter);
        if (fewMatches.isPresent()) {
            if (fewMatches.get().isEmpty()) {
                return List.of();
            }
            sql.andIdIn(Set.copyOf(fewMatches.get()));
        }
        sql.params().addValue("offset", offset).addValue("limit", Math.min(limit, MAX_LIMIT));
        return jdbc.query(sql.select(sort, ascending), sql.params(), ROW);
    }

    /**
     * A keyword search has two good plans and PostgreSQL cannot tell which from its estimates:
     * a rare keyword is found fastest through the trigram indexes, a common one by walking the
     * sort index until a page is full. So ask the trigram indexes first, at most
     * {@link #KEYWORD_PROBE} rows: when fewer match, those ids are the whole answer.
     */
    private Optional<List<Long>> fewKeywordMatches(ViewerScope scope, JobFilter filter) {
        if (filter.keyword().isEmpty()) {
            return Optional.empty();
        }
        JobListSql sql = new JobListSql(scope, filter);
        sql.params().addValue("cap", KEYWORD_PROBE);
        // Local to this read-only transaction, and switched back before the page query.
        jdbc.getJdbcTemplate().execute("set local enable_indexscan = off");
        jdbc.getJdbcTemplate().execute("set local enable_seqscan = off");
        try {
            List<Long> ids = jdbc.queryForList(sql.ids(), sql.params(), Long.class);
            return ids.size() < KEYWORD_PROBE ? Optional.of(ids) : Optional.empty();
        } finally {
            jdbc.getJdbcTemplate().execute("set local enable_indexscan = on");
            jdbc.getJdbcTemplate().execute("set local enable_seqscan = on");
        }
    }

    /**
     * How many jobs match, counting no further than {@code cap}: the answer is exact when it
     * is below the cap and means "at least the cap" otherwise.
     */
    @Transactional(readOnly = true)
    public long countAtMost(String viewer, JobFilter filter, long cap) {
        JobListSql sql = new JobListSql(scope(viewer), filter);
        sql.params().addValue("cap", cap);
        Long count = jdbc.queryForObject(sql.countAtMost(), sql.params(), Long.class);
        return count == null ? 0 : count;
    }

    /** The listed jobs among {@code ids} that {@code viewer} may see, fresh from the database. */
    @Transactional(readOnly = true)
    public List<JobListItem> byIds(String viewer, Collection<Long> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        JobListSql sql = new JobListSql(scope(viewer), JobFilter.ALL).andIdIn(Set.copyOf(ids));
        return jdbc.query(sql.selectAll(), sql.params(), ROW);
    }

    /** The job {@code owner~name} if {@code viewer} may see it. */
    @Transactional(readOnly = true)
    public Optional<JobListItem> find(String viewer, String owner, String name) {
        JobListSql sql = new JobListSql(scope(viewer), JobFilter.ALL).andIs(owner, name);
        return jdbc.query(sql.selectAll(), sql.params(), ROW).stream().findFirst();
    }

    /** Whether {@code viewer} may see the job with this id (false when there is none). */
    @Transactional(readOnly = true)
    public boolean isVisible(String viewer, long jobId) {
        JobListSql sql = new JobListSql(scope(viewer), JobFilter.ALL).andIdIs(jobId);
        return Boolean.TRUE.equals(jdbc.queryForObject(sql.exists(), sql.params(), Boolean.class));
    }

    /** The job {@code owner~name} with all its fields, if {@code viewer} may see it. */
    @Transactional(readOnly = true)
    public Optional<Job> findJob(String viewer, String owner, String name) {
        return repository.findByOwnerUsernameAndName(owner, name).filter(job -> isVisible(viewer, job.getId()));
    }

    /** Whether {@code viewer} may see any job but their own, so that "all jobs" means something. */
    @Transactional(readOnly = true)
    public boolean seesOthersJobs(String viewer) {
        return scope(viewer).visibility() != JobVisibility.OWN;
    }

    ViewerScope scope(String viewer) {
        if (properties.jobs() == JobVisibility.ALL) {
            return new ViewerScope(viewer, JobVisibility.ALL, Set.of());
        }
        Optional<UserAccount> account = users.find(viewer);
        if (account.map(UserAccount::isAdmin).orElse(false)) {
            return new ViewerScope(viewer, JobVisibility.ALL, Set.of());
        }
        Set<String> clusters = account.map(UserAccount::virtualClusterNames).orElse(Set.of());
        return new ViewerScope(viewer, properties.jobs(), clusters);
    }

    private static final RowMapper<JobListItem> ROW = (rs, row) -> new JobListItem(
            rs.getLong("id"),
            rs.getString("username"),
            rs.getString("name"),
            rs.getString("virtual_cluster"),
            JobState.valueOf(rs.getString("state")),
            rs.getTimestamp("submitted_at").toInstant(),
            instant(rs, "started_at"),
            instant(rs, "completed_at"),
            rs.getInt("retries"),
            Optional.ofNullable((Integer) rs.getObject("exit_code")),
            strings(rs.getArray("tags")),
            rs.getBoolean("starred"));

    private static Optional<Instant> instant(ResultSet rs, String column) throws SQLException {
        Timestamp value = rs.getTimestamp(column);
        return Optional.ofNullable(value).map(Timestamp::toInstant);
    }

    private static List<String> strings(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((String[]) array.getArray());
    }
}
