package org.gantry.diagnostics;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;

/** The catalogue's table, {@code failure_pattern}. */
@Repository
class FailurePatternStore {

    private static final String COLUMNS = "code, phrase, category, behavior, failure, reason, solution, link,"
            + " exit_codes, signal, step, keywords, regex, fix, priority, enabled";

    private final JdbcTemplate jdbc;

    FailurePatternStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    List<FailurePattern> all() {
        return jdbc.query("select " + COLUMNS + " from failure_pattern order by priority, code", FailurePatternStore::row);
    }

    Optional<FailurePattern> find(int code) {
        return jdbc.query("select " + COLUMNS + " from failure_pattern where code = ?", FailurePatternStore::row, code)
                .stream().findFirst();
    }

    /** Stores the seeded patterns whose code is not there yet; returns how many were added. */
    int seed(List<FailurePattern> patterns, Instant now) {
        int added = 0;
        for (FailurePattern p : patterns) {
            added += jdbc.update("insert into failure_pattern (" + COLUMNS + ", seeded, updated_at) values"
                    + " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, true, ?) on conflict do nothing",
                    args(p, Timestamp.from(now)));
        }
        return added;
    }

    void save(FailurePattern p, Instant now) {
        Object[] args = args(p, Timestamp.from(now));
        jdbc.update("insert into failure_pattern (" + COLUMNS + ", seeded, updated_at) values"
                + " (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, false, ?) on conflict (code) do update set"
                + " phrase = excluded.phrase, category = excluded.category, behavior = excluded.behavior,"
                + " failure = excluded.failure, reason = excluded.reason, solution = excluded.solution,"
                + " link = excluded.link, exit_codes = excluded.exit_codes, signal = excluded.signal,"
                + " step = excluded.step, keywords = excluded.keywords, regex = excluded.regex, fix = excluded.fix,"
                + " priority = excluded.priority, enabled = excluded.enabled, updated_at = excluded.updated_at", args);
    }

    private static Object[] args(FailurePattern p, Timestamp now) {
        return new Object[] {p.code(), p.phrase(), p.category().name(), p.behavior().name(), p.failure(), p.reason(),
            p.solution(), p.link().orElse(null),
            p.exitCodes().stream().sorted().map(String::valueOf).collect(Collectors.joining(",")),
            p.signal().isPresent() ? p.signal().getAsInt() : null, p.step().orElse(null),
            String.join("\n", p.keywords()), p.regex().orElse(null), p.fix().orElse(null), p.priority(),
            p.enabled(), now};
    }

    private static FailurePattern row(ResultSet rs, int n) throws SQLException {
        String codes = rs.getString("exit_codes");
        int signal = rs.getInt("signal");
        boolean noSignal = rs.wasNull();
        String keywords = rs.getString("keywords");
        return new FailurePattern(rs.getInt("code"), rs.getString("phrase"), Category.valueOf(rs.getString("category")),
                Behavior.valueOf(rs.getString("behavior")), rs.getBoolean("failure"), rs.getString("reason"),
                rs.getString("solution"), Optional.ofNullable(rs.getString("link")),
                codes.isBlank() ? Set.of() : Arrays.stream(codes.split(",")).map(String::trim).map(Integer::valueOf)
                        .collect(Collectors.toSet()),
                noSignal ? OptionalInt.empty() : OptionalInt.of(signal), Optional.ofNullable(rs.getString("step")),
                keywords.isEmpty() ? List.of() : List.of(keywords.split("\n")), Optional.ofNullable(rs.getString("regex")),
                Optional.ofNullable(rs.getString("fix")), rs.getInt("priority"), rs.getBoolean("enabled"));
    }
}
