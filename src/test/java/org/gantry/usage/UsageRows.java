package org.gantry.usage;

import java.sql.Timestamp;
import java.time.Instant;
import org.gantry.job.JobRows;
import org.gantry.job.JobState;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Generated history for usage and billing tests: jobs and task attempts written straight into
 * PostgreSQL with exactly the resources and times a test needs.
 */
public final class UsageRows {

    private final JdbcTemplate jdbc;
    private final JobRows jobs;

    public UsageRows(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
        this.jobs = new JobRows(jdbc);
    }

    public String user(String prefix) {
        return jobs.user(prefix);
    }

    /** A finished job of {@code owner} in {@code virtualCluster}, submitted at {@code submitted}. */
    public long job(String owner, String name, String virtualCluster, Instant submitted) {
        return jobs.job(owner, name, virtualCluster, JobState.SUCCEEDED, submitted);
    }

    /** An ended attempt of the job's one task with the given resources, outcome and times. */
    public long attempt(long jobId, int attempt, String phase, Integer exitCode, int cpu, int memoryMb, int gpu,
                        Instant started, Instant ended) {
        return insert(jobId, attempt, "ENDED", phase, exitCode, cpu, memoryMb, gpu, started, ended);
    }

    /** A running attempt of the job's one task, started at {@code started}. */
    public long running(long jobId, int attempt, int cpu, int memoryMb, int gpu, Instant started) {
        return insert(jobId, attempt, "LAUNCHED", "RUNNING", null, cpu, memoryMb, gpu, started, null);
    }

    public void measured(long attemptId, long peakMemoryMb, long cpuTimeMs) {
        jdbc.update("update task_attempt set peak_memory_mb = ?, cpu_time_ms = ? where id = ?", peakMemoryMb,
                cpuTimeMs, attemptId);
    }

    private long insert(long jobId, int attempt, String state, String phase, Integer exitCode, int cpu, int memoryMb,
                        int gpu, Instant started, Instant ended) {
        return jdbc.queryForObject("insert into task_attempt (task_id, job_id, job_attempt, retry, attempt, state,"
                        + " executor, claimed_by, cpu, memory_mb, gpu, phase, exit_code, node, claimed_at, launched_at,"
                        + " started_at, ended_at) select t.id, t.job_id, 0, ? - 1, ?, ?, 'local', 'test', ?, ?, ?, ?, ?,"
                        + " 'node-1', ?, ?, ?, ? from job_task t where t.job_id = ? returning id", Long.class,
                attempt, attempt, state, cpu, memoryMb, gpu, phase, exitCode, Timestamp.from(started),
                Timestamp.from(started), Timestamp.from(started), ended == null ? null : Timestamp.from(ended), jobId);
    }
}
