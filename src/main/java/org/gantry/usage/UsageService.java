package org.gantry.usage;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.security.CurrentUser;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Usage over time, per day or month (UTC), from the task attempts that ended in a period,
 * filtered by user, group and virtual cluster. Administrators see anyone's; everyone else
 * sees only their own, whatever they ask for.
 */
@Service
public class UsageService {

    public enum By { DAY, MONTH }

    /** What to count: {@code user}, {@code group} and {@code virtualCluster} narrow it when present. */
    public record Filter(Optional<String> user, Optional<String> group, Optional<String> virtualCluster) {

        public static final Filter ALL = new Filter(Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static final String SQL = """
            select date_trunc('%s', a.ended_at at time zone 'UTC') as bucket,
                   count(distinct a.job_id) as jobs, count(*) as attempts,
                   count(*) filter (where a.phase = 'SUCCEEDED') as succeeded,
                   count(*) filter (where a.phase = 'FAILED') as failed,
                   coalesce(round(sum(a.cpu * extract(epoch from a.ended_at - a.started_at))), 0)::bigint as cpu_seconds,
                   coalesce(round(sum(a.gpu * extract(epoch from a.ended_at - a.started_at))), 0)::bigint as gpu_seconds,
                   coalesce(round(avg(extract(epoch from a.started_at - j.submitted_at))), 0)::bigint as mean_wait,
                   coalesce(round(sum(a.cpu_time_ms) / 1000.0), 0)::bigint as used_cpu_seconds,
                   coalesce(max(a.peak_memory_mb), 0) as max_peak_memory_mb
            from task_attempt a join job j on j.id = a.job_id
            where a.ended_at >= ? and a.ended_at < ? %s
            group by 1 order by 1
            """;

    private final JdbcTemplate jdbc;
    private final CurrentUser currentUser;

    UsageService(JdbcTemplate jdbc, CurrentUser currentUser) {
        this.jdbc = jdbc;
        this.currentUser = currentUser;
    }

    /**
     * One virtual cluster's use of its cpu quota over a period: cpu-seconds requested by the
     * attempts that ended in it against {@code cpuQuota × period}; {@code percent} is empty
     * without a quota.
     */
    public record Utilization(String virtualCluster, long cpuSeconds, Optional<Integer> cpuQuota,
                              Optional<Long> percent) {
    }

    private static final String UTILIZATION_SQL = """
            select vc.name, vc.cpu_quota, coalesce(u.cpu_seconds, 0) as cpu_seconds
            from virtual_cluster vc
            left join (select j.virtual_cluster,
                              round(sum(a.cpu * extract(epoch from a.ended_at - a.started_at)))::bigint as cpu_seconds
                       from task_attempt a join job j on j.id = a.job_id
                       where a.ended_at >= ? and a.ended_at < ?
                       group by j.virtual_cluster) u on u.virtual_cluster = vc.name
            order by vc.name
            """;

    /** Every virtual cluster's cpu use against its quota in {@code [from, to)}; administrators only. */
    @Transactional(readOnly = true)
    public List<Utilization> utilization(Instant from, Instant to) {
        HistoryService.checkPeriod(from, to);
        if (!currentUser.isAdmin()) {
            throw new AccessDeniedException("Only administrators see every virtual cluster's utilization");
        }
        double seconds = java.time.Duration.between(from, to).toSeconds();
        return jdbc.query(UTILIZATION_SQL, (rs, i) -> {
            long used = rs.getLong("cpu_seconds");
            Optional<Integer> quota = Optional.ofNullable((Integer) rs.getObject("cpu_quota"));
            return new Utilization(rs.getString("name"), used, quota,
                    quota.filter(q -> q > 0).map(q -> Math.round(used * 100.0 / (q * seconds))));
        }, Timestamp.from(from), Timestamp.from(to));
    }

    /** Buckets of {@code [from, to)} that had any attempt end, oldest first. */
    @Transactional(readOnly = true)
    public List<UsageBucket> usage(Instant from, Instant to, By by, Filter filter) {
        HistoryService.checkPeriod(from, to);
        Optional<String> user = currentUser.isAdmin() ? filter.user() : Optional.of(currentUser.require());
        List<Object> args = new ArrayList<>(List.of(Timestamp.from(from), Timestamp.from(to)));
        StringBuilder where = new StringBuilder();
        user.ifPresent(u -> {
            where.append(" and j.owner_id = (select id from app_user where username = ?)");
            args.add(u);
        });
        filter.group().ifPresent(g -> {
            where.append(" and j.owner_id in (select ug.user_id from user_group ug join app_group g"
                    + " on g.id = ug.group_id where g.name = ?)");
            args.add(g);
        });
        filter.virtualCluster().ifPresent(vc -> {
            where.append(" and j.virtual_cluster = ?");
            args.add(vc);
        });
        String sql = SQL.formatted(by == By.DAY ? "day" : "month", where);
        return jdbc.query(sql, (rs, i) -> new UsageBucket(
                rs.getTimestamp("bucket").toLocalDateTime().toInstant(java.time.ZoneOffset.UTC), rs.getLong("jobs"),
                rs.getLong("attempts"), rs.getLong("succeeded"), rs.getLong("failed"), rs.getLong("cpu_seconds"),
                rs.getLong("gpu_seconds"), rs.getLong("mean_wait"), rs.getLong("used_cpu_seconds"),
                rs.getLong("max_peak_memory_mb")), args.toArray());
    }
}
