package org.gantry.job;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.UUID;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/**
 * Test data for job lists: users and job rows written straight into PostgreSQL, so that a
 * test sets up exactly the states and times it needs without running anything.
 */
public final class JobRows {

    /** Every user made here signs in with this password. */
    public static final String PASSWORD = "test-user-password";
    private static final String PASSWORD_HASH = new BCryptPasswordEncoder(4).encode(PASSWORD);

    private final JdbcTemplate jdbc;

    public JobRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** A new USER-role account named {@code prefix} plus a unique suffix, in the default group. */
    public String user(String prefix) {
        String username = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        jdbc.update("insert into app_user (username, password_hash, role, created_at) values (?, ?, 'USER', now())",
                username, PASSWORD_HASH);
        jdbc.update("insert into user_group (user_id, group_id) select u.id, g.id from app_user u, app_group g"
                + " where u.username = ? and g.name = 'default'", username);
        return username;
    }

    /** A job of {@code owner} in {@code state}, submitted at {@code submitted}; returns its id. */
    public long job(String owner, String name, String virtualCluster, JobState state, Instant submitted) {
        Instant started = state == JobState.WAITING ? null : submitted.plusSeconds(5);
        Instant completed = state.isFinal() ? submitted.plusSeconds(65) : null;
        Long id = jdbc.queryForObject("insert into job (owner_id, name, virtual_cluster, state, submitted_text,"
                        + " resolved_text, submitted_at, started_at, completed_at)"
                        + " select u.id, ?, ?, ?, ?, ?, ?, ?, ? from app_user u where u.username = ? returning id",
                Long.class, name, virtualCluster, state.name(), yaml(name), yaml(name), Timestamp.from(submitted),
                timestamp(started), timestamp(completed), owner);
        // Every submitted job has its first attempt and its tasks; this one has a single task.
        jdbc.update("insert into job_attempt (job_id, attempt_index, state, started_at, completed_at)"
                + " values (?, 0, ?, ?, ?)", id, state.name(), timestamp(started), timestamp(completed));
        jdbc.update("insert into job_task (job_id, role_name, task_index, state, started_at, completed_at)"
                + " values (?, 'main', 0, ?, ?, ?)", id, state.name(), timestamp(started), timestamp(completed));
        jdbc.update("update job set total_task_role_number = 1, total_task_number = 1 where id = ?", id);
        return id;
    }

    public void setState(long jobId, JobState state) {
        jdbc.update("update job set state = ? where id = ?", state.name(), jobId);
        jdbc.update("update job_attempt set state = ? where job_id = ?", state.name(), jobId);
        jdbc.update("update job_task set state = ? where job_id = ?", state.name(), jobId);
    }

    public void tag(long jobId, String tag) {
        jdbc.update("insert into job_tag (job_id, tag) values (?, ?)", jobId, tag);
    }

    public void delete(long jobId) {
        jdbc.update("delete from job where id = ?", jobId);
    }

    private static String yaml(String name) {
        return "protocolVersion: 2\nname: " + name + "\ntype: job\ntaskRoles:\n  main:\n    instances: 1\n"
                + "    commands:\n      - echo hello\n";
    }

    private static Timestamp timestamp(Instant instant) {
        return instant == null ? null : Timestamp.from(instant);
    }
}
