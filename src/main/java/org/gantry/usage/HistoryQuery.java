package org.gantry.usage;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads the job history straight from the runtime's tables with SQL, one row per task
 * attempt that ended in a period, oldest end first. Rows are streamed from a server-side
 * cursor (PostgreSQL keeps one open only inside a transaction, with a fetch size), so a
 * million rows pass through without being held in memory.
 */
@Component
class HistoryQuery {

    static final int FETCH_SIZE = 2_000;

    // A failed attempt's diagnosis code is its job attempt's diagnosis (the diagnostics feature
    // keeps one per job attempt, once it has been read with the logs), as the catalogue's code.
    // The image is the first dockerimage uri of the resolved document: cheap, and right for
    // the one-image jobs that most are; the exact per-role image needs the protocol parser.
    private static final String SELECT = """
            with member as (
                select ug.user_id, string_agg(g.name, ';' order by g.name) as groups
                from user_group ug join app_group g on g.id = ug.group_id group by ug.user_id)
            select a.id, j.name as job, u.username, coalesce(m.groups, '') as groups, j.virtual_cluster,
                   a.executor, a.node, coalesce(a.phase, a.state) as state, a.exit_code,
                   substring(j.resolved_text from '(?m)^\\s+uri:\\s*[''"]?([^''"\\s]+)') as image,
                   t.role_name, t.task_index, a.attempt, j.submitted_at, a.started_at, a.ended_at,
                   a.cpu, a.memory_mb, a.gpu, a.peak_memory_mb, a.cpu_time_ms, p.code as diagnosis_code
            from task_attempt a
            join job j on j.id = a.job_id
            join job_task t on t.id = a.task_id
            join app_user u on u.id = j.owner_id
            left join member m on m.user_id = u.id
            left join job_diagnosis d on d.job_id = a.job_id and d.job_attempt = a.job_attempt and a.phase = 'FAILED'
            left join failure_pattern p on p.phrase = d.phrase
            where a.ended_at >= ? and a.ended_at < ?
            """;
    private static final String ORDER = " order by a.ended_at, a.id";

    private final JdbcTemplate jdbc;
    private final TransactionTemplate readOnly;

    HistoryQuery(DataSource dataSource, PlatformTransactionManager transactions) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.jdbc.setFetchSize(FETCH_SIZE);
        this.readOnly = new TransactionTemplate(transactions);
        this.readOnly.setReadOnly(true);
    }

    /**
     * Hands every attempt that ended in {@code [from, to)} to {@code sink}, in order of end,
     * only {@code user}'s when given. Returns the number of rows.
     */
    long stream(Instant from, Instant to, Optional<String> user, Consumer<HistoryRow> sink) {
        List<Object> args = new ArrayList<>(List.of(Timestamp.from(from), Timestamp.from(to)));
        String sql = SELECT + user.map(u -> " and u.username = ?").orElse("") + ORDER;
        user.ifPresent(args::add);
        Long count = readOnly.execute(status -> {
            long[] rows = {0};
            jdbc.query(sql, rs -> {
                sink.accept(row(rs));
                rows[0]++;
            }, args.toArray());
            return rows[0];
        });
        return count == null ? 0 : count;
    }

    private static HistoryRow row(ResultSet rs) throws SQLException {
        Instant submitted = instant(rs, "submitted_at");
        Instant started = instant(rs, "started_at");
        Instant ended = instant(rs, "ended_at");
        Long wait = started == null ? null : Math.max(0, started.getEpochSecond() - submitted.getEpochSecond());
        Long run = started == null || ended == null ? null : Math.max(0, ended.getEpochSecond() - started.getEpochSecond());
        return new HistoryRow(rs.getLong("id"), rs.getString("job"), rs.getString("username"), rs.getString("groups"),
                rs.getString("virtual_cluster"), rs.getString("executor"), rs.getString("node"), rs.getString("state"),
                (Integer) rs.getObject("exit_code"),
                rs.getObject("diagnosis_code") == null ? null : String.valueOf(rs.getInt("diagnosis_code")),
                rs.getString("image"), rs.getString("role_name"),
                rs.getInt("task_index"), rs.getInt("attempt"), submitted, started, ended, wait, run, rs.getInt("cpu"),
                rs.getInt("memory_mb"), rs.getInt("gpu"), (Long) rs.getObject("peak_memory_mb"),
                (Long) rs.getObject("cpu_time_ms"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp value = rs.getTimestamp(column);
        return value == null ? null : value.toInstant();
    }
}
