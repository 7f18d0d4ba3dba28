package org.gantry.usage;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Charges in SQL: each attempt's run time inside the period and before now (a running attempt
 * counts up to now) is cut at price changes, and each piece is charged at the price then in force:
 * {@code round((cpu × cpuHour + gpu × gpuHour + memoryMB / 1024 × memGbHour) × seconds / 3600)}
 * in exact numeric arithmetic, half away from zero. Time under no price is not charged.
 *
 * <p>A UTC month is read from {@code usage_charge_month}, which triggers keep with exactly these
 * pieces for every ended attempt (V0470, decision 0066); only the attempts not ended as of now
 * are computed here. Any other period is computed from its attempts, found through the GiST
 * index on their run's span (V0461).
 */
@Component
class ChargeQuery {

    /**
     * Who a statement is for: everyone, one user, or one group (the group's members' jobs in
     * the virtual clusters the group grants).
     */
    record Scope(Kind kind, String name) {
        enum Kind { EVERYONE, USER, GROUP }

        static Scope everyone() {
            return new Scope(Kind.EVERYONE, "");
        }

        static Scope user(String username) {
            return new Scope(Kind.USER, username);
        }

        static Scope group(String group) {
            return new Scope(Kind.GROUP, group);
        }
    }

    /** Each price of a virtual cluster with the time it is in force until (the next one's start). */
    private static final String PRICE = """
            price as (
                select virtual_cluster, effective_from, cpu_hour_minor, gpu_hour_minor, memory_gb_hour_minor,
                       lead(effective_from) over (partition by virtual_cluster order by effective_from) as until
                from billing_price),""";

    /** The charge of one piece {@code x} in minor units, rounded half away from zero (V0470 computes the same). */
    private static final String CHARGE = "round((x.cpu * x.cpu_hour_minor * 1024 + x.gpu * x.gpu_hour_minor * 1024"
            + " + x.memory_mb * x.memory_gb_hour_minor) * x.secs / 3686400)";

    private static final String LIVE = """
            with {price}
            run as (
                select a.id, j.owner_id, j.virtual_cluster, a.cpu, a.memory_mb, a.gpu,
                       greatest(a.started_at, ?) as s, least(coalesce(a.ended_at, ?), ?, ?) as e
                from task_attempt a join job j on j.id = a.job_id
                where a.started_at is not null and (case when a.ended_at is null then tstzrange(a.started_at, null)
                      else tstzrange(a.started_at, greatest(a.started_at, a.ended_at)) end) && tstzrange(?, ?) %s),
            piece as (
                select r.id, r.owner_id, r.virtual_cluster, r.cpu, r.memory_mb, r.gpu, p.cpu_hour_minor, p.gpu_hour_minor,
                       p.memory_gb_hour_minor,
                       extract(epoch from least(r.e, coalesce(p.until, r.e)) - greatest(r.s, p.effective_from)) as secs
                from run r join price p on p.virtual_cluster = r.virtual_cluster
                     and p.effective_from < r.e and (p.until is null or p.until > r.s)
                where r.e > r.s)
            select u.username, x.virtual_cluster, count(distinct x.id) as attempts,
                   round(sum(x.cpu * x.secs))::bigint as cpu_seconds,
                   round(sum(x.gpu * x.secs))::bigint as gpu_seconds,
                   round(sum(x.memory_mb * x.secs))::bigint as memory_mb_seconds,
                   sum({charge})::bigint as charge
            from piece x join app_user u on u.id = x.owner_id
            group by u.username, x.virtual_cluster
            order by u.username, x.virtual_cluster
            """.replace("{price}", PRICE).replace("{charge}", CHARGE);

    /**
     * A month from the rollup, plus what it does not hold as of now: attempts still running are
     * charged up to now, and attempts that end after now (the rollup holds them to their end)
     * are taken out and charged up to now. Scope filters are on {@code l}.
     */
    private static final String KEPT = """
            with arg as (select ?::timestamptz as start, ?::timestamptz as stop, ?::timestamptz as now, ?::date as month),
            {price}
            run as (
                select a.id, a.job_id, a.cpu, a.memory_mb, a.gpu, 1 as sign, greatest(a.started_at, g.start) as s,
                       least(g.stop, g.now) as e
                from task_attempt a, arg g
                where a.ended_at is null and a.started_at is not null and a.started_at < least(g.stop, g.now)
                union all
                select a.id, a.job_id, a.cpu, a.memory_mb, a.gpu, w.sign, greatest(a.started_at, g.start),
                       case when w.sign = 1 then least(a.ended_at, g.stop, g.now) else least(a.ended_at, g.stop) end
                from task_attempt a cross join arg g cross join (values (1), (-1)) w(sign)
                where a.ended_at > g.now and a.ended_at > g.start and a.started_at < g.stop),
            piece as (
                select r.id, r.sign, j.owner_id, j.virtual_cluster, r.cpu, r.memory_mb, r.gpu, p.cpu_hour_minor,
                       p.gpu_hour_minor, p.memory_gb_hour_minor,
                       extract(epoch from least(r.e, coalesce(p.until, r.e)) - greatest(r.s, p.effective_from)) as secs
                from run r join job j on j.id = r.job_id join price p on p.virtual_cluster = j.virtual_cluster
                     and p.effective_from < r.e and (p.until is null or p.until > r.s)
                where r.e > r.s),
            line as (
                select m.owner_id, m.virtual_cluster, m.attempts, m.cpu_seconds, m.gpu_seconds, m.memory_mb_seconds,
                       m.charge_minor
                from usage_charge_month m, arg g where m.month = g.month
                union all
                select x.owner_id, x.virtual_cluster, x.sign * count(distinct x.id), x.sign * sum(x.cpu * x.secs),
                       x.sign * sum(x.gpu * x.secs), x.sign * sum(x.memory_mb * x.secs),
                       x.sign * sum({charge})
                from piece x group by x.owner_id, x.virtual_cluster, x.sign)
            select u.username, l.virtual_cluster, sum(l.attempts)::bigint as attempts,
                   round(sum(l.cpu_seconds))::bigint as cpu_seconds, round(sum(l.gpu_seconds))::bigint as gpu_seconds,
                   round(sum(l.memory_mb_seconds))::bigint as memory_mb_seconds, sum(l.charge_minor)::bigint as charge
            from line l join app_user u on u.id = l.owner_id
            where true %s
            group by u.username, l.virtual_cluster
            having sum(l.attempts) > 0
            order by u.username, l.virtual_cluster
            """.replace("{price}", PRICE).replace("{charge}", CHARGE);

    private final JdbcTemplate jdbc;

    ChargeQuery(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** One line per user and virtual cluster of the charges for run time in {@code [from, to)}, as of {@code now}. */
    List<Statement.Line> lines(Scope scope, Instant from, Instant to, Instant now) {
        LocalDate month = LocalDate.ofInstant(from, ZoneOffset.UTC);
        boolean wholeMonth = month.getDayOfMonth() == 1 && month.atStartOfDay(ZoneOffset.UTC).toInstant().equals(from)
                && month.plusMonths(1).atStartOfDay(ZoneOffset.UTC).toInstant().equals(to);
        if (!wholeMonth) {
            return live(scope, from, to, now);
        }
        Timestamp start = Timestamp.from(from);
        Timestamp end = Timestamp.from(to);
        Timestamp at = Timestamp.from(now);
        List<Object> args = new ArrayList<>(List.of(start, end, at, month));
        return query(KEPT.formatted(filter("l", scope, args)), args);
    }

    /**
     * The same lines computed from the attempts alone, whatever the period: the definition the
     * rollup is checked against.
     */
    List<Statement.Line> live(Scope scope, Instant from, Instant to, Instant now) {
        Timestamp start = Timestamp.from(from);
        Timestamp end = Timestamp.from(to);
        Timestamp at = Timestamp.from(now);
        List<Object> args = new ArrayList<>(List.of(start, at, end, at, start, end));
        return query(LIVE.formatted(filter("j", scope, args)), args);
    }

    private static String filter(String alias, Scope scope, List<Object> args) {
        return switch (scope.kind()) {
            case EVERYONE -> "";
            case USER -> {
                args.add(scope.name());
                yield "and " + alias + ".owner_id = (select id from app_user where username = ?)";
            }
            case GROUP -> {
                args.add(scope.name());
                args.add(scope.name());
                yield "and " + alias + ".owner_id in (select ug.user_id from user_group ug join app_group g"
                        + " on g.id = ug.group_id where g.name = ?) and " + alias + ".virtual_cluster in (select vc.name"
                        + " from group_virtual_cluster gv join app_group g on g.id = gv.group_id join virtual_cluster vc"
                        + " on vc.id = gv.virtual_cluster_id where g.name = ?)";
            }
        };
    }

    private List<Statement.Line> query(String sql, List<Object> args) {
        return jdbc.query(sql, (rs, i) -> new Statement.Line(rs.getString("username"),
                rs.getString("virtual_cluster"), rs.getLong("attempts"), rs.getLong("cpu_seconds"),
                rs.getLong("gpu_seconds"), rs.getLong("memory_mb_seconds"), rs.getLong("charge")), args.toArray());
    }
}
