package org.gantry.job;

import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** PostgreSQL's plan for one job list query, for benchmarks that want to show why a case is slow. */
public final class JobListPlans {

    private JobListPlans() {
    }

    public static String explain(NamedParameterJdbcTemplate jdbc, String viewer, JobFilter filter, JobSort sort,
                                 boolean ascending) {
        JobListSql sql = new JobListSql(new ViewerScope(viewer, JobVisibility.ALL, Set.of()), filter);
        sql.params().addValue("offset", 0).addValue("limit", 20);
        List<String> lines = jdbc.queryForList("explain (analyze, buffers) " + sql.select(sort, ascending),
                sql.params(), String.class);
        return String.join("\n", lines);
    }
}
