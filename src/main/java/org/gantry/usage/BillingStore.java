package org.gantry.usage;

import java.sql.PreparedStatement;
import java.sql.Timestamp;
import java.util.Arrays;
import java.util.List;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/** The price table and the budgets in PostgreSQL. */
@Component
class BillingStore {

    private final JdbcTemplate jdbc;

    BillingStore(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    List<Price> prices() {
        return jdbc.query("select * from billing_price order by virtual_cluster, effective_from", (rs, i) -> new Price(
                rs.getString("virtual_cluster"), rs.getTimestamp("effective_from").toInstant(),
                rs.getLong("cpu_hour_minor"), rs.getLong("gpu_hour_minor"), rs.getLong("memory_gb_hour_minor")));
    }

    /**
     * Makes the price table {@code prices}, writing only the rows that change: each write makes
     * the triggers recompute the charges kept per month from its earliest change on (V0470), so a
     * row rewritten unchanged would cost a recomputation for nothing.
     */
    void replacePrices(List<Price> prices) {
        String given = "unnest(?::varchar[], ?::timestamptz[], ?::bigint[], ?::bigint[], ?::bigint[])"
                + " n(virtual_cluster, effective_from, cpu, gpu, memory)";
        String same = "b.virtual_cluster = n.virtual_cluster and b.effective_from = n.effective_from";
        jdbc.execute((ConnectionCallback<Void>) c -> {
            Object[] table = {
                    c.createArrayOf("varchar", prices.stream().map(Price::virtualCluster).toArray()),
                    c.createArrayOf("timestamptz", prices.stream().map(p -> Timestamp.from(p.effectiveFrom())).toArray()),
                    c.createArrayOf("int8", prices.stream().map(Price::cpuHourMinor).toArray()),
                    c.createArrayOf("int8", prices.stream().map(Price::gpuHourMinor).toArray()),
                    c.createArrayOf("int8", prices.stream().map(Price::memoryGbHourMinor).toArray())};
            for (String sql : List.of(
                    "delete from billing_price b where not exists (select 1 from " + given + " where " + same + ")",
                    "update billing_price b set cpu_hour_minor = n.cpu, gpu_hour_minor = n.gpu,"
                            + " memory_gb_hour_minor = n.memory from " + given + " where " + same
                            + " and (b.cpu_hour_minor, b.gpu_hour_minor, b.memory_gb_hour_minor)"
                            + " is distinct from (n.cpu, n.gpu, n.memory)",
                    "insert into billing_price (virtual_cluster, effective_from, cpu_hour_minor, gpu_hour_minor,"
                            + " memory_gb_hour_minor) select n.virtual_cluster, n.effective_from, n.cpu, n.gpu, n.memory"
                            + " from " + given + " where not exists (select 1 from billing_price b where " + same + ")")) {
                try (PreparedStatement statement = c.prepareStatement(sql)) {
                    for (int i = 0; i < table.length; i++) {
                        statement.setObject(i + 1, table[i]);
                    }
                    statement.executeUpdate();
                }
            }
            return null;
        });
    }

    List<Budget> budgets() {
        return jdbc.query("select * from billing_budget order by scope desc, subject", (rs, i) -> new Budget(
                Budget.Scope.valueOf(rs.getString("scope")), rs.getString("subject"), rs.getLong("amount_minor"),
                percents(rs.getString("warn_percents")), rs.getBoolean("hard_limit")));
    }

    void replaceBudgets(List<Budget> budgets) {
        jdbc.update("delete from billing_budget");
        for (Budget b : budgets) {
            jdbc.update("insert into billing_budget (scope, subject, amount_minor, warn_percents, hard_limit)"
                    + " values (?, ?, ?, ?, ?)", b.scope().name(), b.subject(), b.amountMinor(),
                    String.join(",", b.warnPercents().stream().map(String::valueOf).toList()), b.hardLimit());
        }
    }

    /** The groups {@code username} belongs to. */
    List<String> groupsOf(String username) {
        return jdbc.queryForList("select g.name from app_group g join user_group ug on ug.group_id = g.id"
                + " join app_user u on u.id = ug.user_id where u.username = ? order by g.name", String.class, username);
    }

    boolean userExists(String username) {
        return Boolean.TRUE.equals(jdbc.queryForObject("select exists (select 1 from app_user where username = ?)",
                Boolean.class, username));
    }

    boolean groupExists(String group) {
        return Boolean.TRUE.equals(jdbc.queryForObject("select exists (select 1 from app_group where name = ?)",
                Boolean.class, group));
    }

    private static List<Integer> percents(String text) {
        return text.isBlank() ? List.of() : Arrays.stream(text.split(",")).map(String::trim).map(Integer::valueOf).toList();
    }
}
