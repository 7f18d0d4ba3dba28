package org.gantry.job.ui;

import org.springframework.jdbc.core.JdbcTemplate;

/** Bulk job rows for the list benchmark, made inside PostgreSQL with generate_series. */
final class JobListBenchData {

    private JobListBenchData() {
    }

    static void insert(JdbcTemplate jdbc, int jobs, int users) {
        jdbc.update("insert into app_user (username, password_hash, role, created_at)"
                + " select 'bench-user-' || g, 'unusable', 'USER', now() from generate_series(1, ?) g", users);
        jdbc.update("insert into virtual_cluster (name) values ('gpu'), ('cpu-large') on conflict do nothing");
        // Newest job first; every state, three clusters, a realistic spread of times and retries.
        jdbc.update("""
                insert into job (owner_id, name, virtual_cluster, state, submitted_text, resolved_text,
                                 submitted_at, started_at, completed_at, retries, exit_code)
                select u.id, 'job-' || g,
                       (array['default', 'gpu', 'cpu-large'])[1 + g % 3],
                       s.state,
                       'protocolVersion: 2' || chr(10) || 'name: job-' || g || chr(10) || 'type: job',
                       'protocolVersion: 2' || chr(10) || 'name: job-' || g || chr(10) || 'type: job',
                       now() - make_interval(secs => g * 30),
                       case when s.state <> 'WAITING' then now() - make_interval(secs => g * 30 - 5) end,
                       case when s.state in ('SUCCEEDED', 'FAILED', 'STOPPED')
                            then now() - make_interval(secs => g * 30 - 5 - (g % 3600)) end,
                       g % 3,
                       case s.state when 'SUCCEEDED' then 0 when 'FAILED' then 1 end
                from generate_series(1, ?) g
                join app_user u on u.username = 'bench-user-' || (1 + g % ?)
                cross join lateral (select (array['SUCCEEDED', 'SUCCEEDED', 'FAILED', 'RUNNING', 'WAITING',
                        'STOPPED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED'])[1 + g % 10] as state) s
                """, jobs, users);
        if (Boolean.TRUE.equals(jdbc.queryForObject(
                "select exists(select 1 from information_schema.tables where table_name = 'job_tag')", Boolean.class))) {
            jdbc.update("insert into job_tag (job_id, tag) select id, 'sweep-' || (id % 50) from job where id % 7 = 0");
        }
        jdbc.update("insert into job_star (user_id, job_id, created_at) select u.id, j.id, now()"
                + " from app_user u join job j on j.id % 997 = 0 where u.username = 'bench-user-7'");
        jdbc.execute("vacuum analyze job");
        jdbc.execute("analyze job_star");
    }
}
