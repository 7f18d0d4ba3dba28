package org.gantry.usage;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Sums of ended task attempts over a period, grouped by a key (a day, a month, a virtual
 * cluster): the period's whole UTC days are read from {@code usage_day}, which triggers keep in
 * the transaction that ends an attempt (V0460, decision 0064), and only its partial first and
 * last day from {@code task_attempt}. Both give the same exact sums, so the split never shows.
 */
@Component
class UsageDays {

    /** How to group: the key's SQL over {@code usage_day d} and over {@code task_attempt a join job j}. */
    record Grouping(String overDays, String overAttempts) {

        static Grouping byTime(UsageService.By by) {
            String unit = by == UsageService.By.DAY ? "day" : "month";
            return new Grouping("date_trunc('" + unit + "', d.day::timestamp)",
                    "date_trunc('" + unit + "', a.ended_at at time zone 'UTC')");
        }

        static final Grouping VIRTUAL_CLUSTER = new Grouping("d.virtual_cluster", "j.virtual_cluster");
    }

    /** Exact sums of one group; means and roundings are taken only at the end. */
    record Sums(long jobs, long attempts, long succeeded, long failed, BigDecimal cpuSeconds, BigDecimal gpuSeconds,
                BigDecimal waitSeconds, long waits, long cpuTimeMs, long maxPeakMemoryMb) {

        Sums plus(Sums o) {
            return new Sums(jobs + o.jobs, attempts + o.attempts, succeeded + o.succeeded, failed + o.failed,
                    cpuSeconds.add(o.cpuSeconds), gpuSeconds.add(o.gpuSeconds), waitSeconds.add(o.waitSeconds),
                    waits + o.waits, cpuTimeMs + o.cpuTimeMs, Math.max(maxPeakMemoryMb, o.maxPeakMemoryMb));
        }

        long roundedCpuSeconds() {
            return cpuSeconds.setScale(0, RoundingMode.HALF_UP).longValueExact();
        }

        long roundedGpuSeconds() {
            return gpuSeconds.setScale(0, RoundingMode.HALF_UP).longValueExact();
        }

        long meanWaitSeconds() {
            return waits == 0 ? 0 : waitSeconds.divide(BigDecimal.valueOf(waits), 0, RoundingMode.HALF_UP).longValueExact();
        }

        long usedCpuSeconds() {
            return BigDecimal.valueOf(cpuTimeMs).divide(BigDecimal.valueOf(1000), 0, RoundingMode.HALF_UP).longValueExact();
        }
    }

    private static final String OVER_DAYS = """
            select %s as key, sum(d.jobs) as jobs, sum(d.attempts) as attempts, sum(d.succeeded) as succeeded,
                   sum(d.failed) as failed, sum(d.cpu_seconds) as cpu_seconds, sum(d.gpu_seconds) as gpu_seconds,
                   sum(d.wait_seconds) as wait_seconds, sum(d.waits) as waits, sum(d.cpu_time_ms) as cpu_time_ms,
                   max(d.max_peak_memory_mb) as max_peak_memory_mb
            from usage_day d
            where d.day >= ? and d.day < ? %s
            group by 1
            """;

    private static final String OVER_ATTEMPTS = """
            select %s as key, count(distinct a.job_id) filter (where a.ended_at = f.first_ended_at) as jobs,
                   count(*) as attempts, count(*) filter (where a.phase = 'SUCCEEDED') as succeeded,
                   count(*) filter (where a.phase = 'FAILED') as failed,
                   sum(a.cpu * extract(epoch from a.ended_at - a.started_at)) as cpu_seconds,
                   sum(a.gpu * extract(epoch from a.ended_at - a.started_at)) as gpu_seconds,
                   sum(extract(epoch from a.started_at - j.submitted_at)) as wait_seconds,
                   count(a.started_at - j.submitted_at) as waits, sum(a.cpu_time_ms) as cpu_time_ms,
                   max(a.peak_memory_mb) as max_peak_memory_mb
            from task_attempt a join job j on j.id = a.job_id
                 left join usage_job_first_end f on f.job_id = a.job_id
            where a.ended_at >= ? and a.ended_at < ? %s
            group by 1
            """;

    private final JdbcTemplate jdbc;

    UsageDays(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * The sums of the attempts that ended in {@code [from, to)} per key, narrowed to one owner and
     * one virtual cluster when given; keys without an attempt are left out.
     */
    <K extends Comparable<K>> Map<K, Sums> sums(Instant from, Instant to, Grouping grouping, Function<Object, K> key,
                                                Optional<String> owner, Optional<String> group,
                                                Optional<String> virtualCluster) {
        Instant firstDay = from.truncatedTo(ChronoUnit.DAYS);
        if (firstDay.isBefore(from)) {
            firstDay = firstDay.plus(Duration.ofDays(1));
        }
        Instant lastDay = to.truncatedTo(ChronoUnit.DAYS);
        Map<K, Sums> merged = new TreeMap<>();
        if (firstDay.isBefore(lastDay)) {
            overAttempts(from, firstDay, grouping, key, owner, group, virtualCluster, merged);
            overDays(firstDay, lastDay, grouping, key, owner, group, virtualCluster, merged);
            overAttempts(lastDay, to, grouping, key, owner, group, virtualCluster, merged);
        } else {
            overAttempts(from, to, grouping, key, owner, group, virtualCluster, merged);
        }
        merged.values().removeIf(sums -> sums.attempts() == 0);
        return merged;
    }

    private <K> void overDays(Instant from, Instant to, Grouping grouping, Function<Object, K> key,
                              Optional<String> owner, Optional<String> group, Optional<String> virtualCluster,
                              Map<K, Sums> into) {
        List<Object> args = new ArrayList<>(List.of(LocalDate.ofInstant(from, ZoneOffset.UTC),
                LocalDate.ofInstant(to, ZoneOffset.UTC)));
        String where = filters("d", owner, group, virtualCluster, args);
        query(OVER_DAYS.formatted(grouping.overDays(), where), args, key, into);
    }

    private <K> void overAttempts(Instant from, Instant to, Grouping grouping, Function<Object, K> key,
                                  Optional<String> owner, Optional<String> group, Optional<String> virtualCluster,
                                  Map<K, Sums> into) {
        if (!from.isBefore(to)) {
            return;
        }
        List<Object> args = new ArrayList<>(List.of(Timestamp.from(from), Timestamp.from(to)));
        String where = filters("j", owner, group, virtualCluster, args);
        query(OVER_ATTEMPTS.formatted(grouping.overAttempts(), where), args, key, into);
    }

    private static String filters(String alias, Optional<String> owner, Optional<String> group,
                                  Optional<String> virtualCluster, List<Object> args) {
        StringBuilder where = new StringBuilder();
        owner.ifPresent(u -> {
            where.append(" and ").append(alias).append(".owner_id = (select id from app_user where username = ?)");
            args.add(u);
        });
        group.ifPresent(g -> {
            where.append(" and ").append(alias).append(".owner_id in (select ug.user_id from user_group ug")
                    .append(" join app_group g on g.id = ug.group_id where g.name = ?)");
            args.add(g);
        });
        virtualCluster.ifPresent(vc -> {
            where.append(" and ").append(alias).append(".virtual_cluster = ?");
            args.add(vc);
        });
        return where.toString();
    }

    private <K> void query(String sql, List<Object> args, Function<Object, K> key, Map<K, Sums> into) {
        jdbc.query(sql, (ResultSet rs) -> {
            into.merge(key.apply(rs.getObject("key")), sums(rs), Sums::plus);
        }, args.toArray());
    }

    private static Sums sums(ResultSet rs) throws SQLException {
        return new Sums(rs.getLong("jobs"), rs.getLong("attempts"), rs.getLong("succeeded"), rs.getLong("failed"),
                decimal(rs, "cpu_seconds"), decimal(rs, "gpu_seconds"), decimal(rs, "wait_seconds"), rs.getLong("waits"),
                rs.getLong("cpu_time_ms"), rs.getLong("max_peak_memory_mb"));
    }

    private static BigDecimal decimal(ResultSet rs, String column) throws SQLException {
        BigDecimal value = rs.getBigDecimal(column);
        return value == null ? BigDecimal.ZERO : value;
    }

    /** A {@code timestamp without time zone} key read as the UTC instant it names. */
    static Instant utc(Object key) {
        return ((Timestamp) key).toLocalDateTime().toInstant(ZoneOffset.UTC);
    }
}
