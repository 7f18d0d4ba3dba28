package org.gantry.runtime.reconcile;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import org.gantry.base.domain.AbstractEntity;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.MeasuredUse;
import org.gantry.runtime.Resources;
import org.gantry.runtime.TaskObservation;

/**
 * One launch of one task: claimed ({@code LAUNCHING}) before the executor is called, its
 * handle recorded ({@code LAUNCHED}) right after, {@code ENDED} once the executor reports an
 * end or the launch was fenced (decision 0005).
 */
@Entity
@Table(name = "task_attempt")
public class TaskAttempt extends AbstractEntity {

    public enum State { LAUNCHING, LAUNCHED, ENDED }

    @Column(name = "task_id", nullable = false)
    private long taskId;

    @Column(name = "job_id", nullable = false)
    private long jobId;

    @Column(name = "job_attempt", nullable = false)
    private int jobAttempt;

    @Column(nullable = false)
    private int retry;

    @Column(nullable = false)
    private int attempt;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state = State.LAUNCHING;

    @Column(nullable = false, length = 16)
    private String executor;

    @Column(nullable = false)
    private String target;

    @Column(name = "claimed_by", nullable = false, length = 64)
    private String claimedBy;

    @Column(name = "external_id")
    private String externalId;

    @Column(name = "work_dir", length = 1024)
    private String workDir;

    @Column(nullable = false)
    private int cpu;

    @Column(name = "memory_mb", nullable = false)
    private int memoryMb;

    @Column(nullable = false)
    private int gpu;

    @Column(nullable = false)
    private String host = "";

    @Column(nullable = false, length = 1024)
    private String ports = "";

    @Enumerated(EnumType.STRING)
    @Column(length = 16)
    private TaskObservation.Phase phase;

    @Column(name = "exit_code")
    private Integer exitCode;

    private String node;

    @Column(columnDefinition = "text")
    private String diagnostics;

    /** The transient failure that made this attempt's task run again as a platform retry. */
    @Column(name = "platform_retry")
    private String platformRetry;

    @Column(name = "stop_requested_at")
    private Instant stopRequestedAt;

    @Column(name = "claimed_at", nullable = false)
    private Instant claimedAt;

    @Column(name = "launched_at")
    private Instant launchedAt;

    @Column(name = "started_at")
    private Instant startedAt;

    @Column(name = "ended_at")
    private Instant endedAt;

    /** Measured by the executor at the end, where it can (docs/usage.md). */
    @Column(name = "peak_memory_mb")
    private Long peakMemoryMb;

    @Column(name = "cpu_time_ms")
    private Long cpuTimeMs;

    protected TaskAttempt() {
    }

    TaskAttempt(long taskId, long jobId, int jobAttempt, int retry, int attempt, String executor, String target,
                String claimedBy, Resources resources, String host, String ports, Instant claimedAt) {
        this.taskId = taskId;
        this.jobId = jobId;
        this.jobAttempt = jobAttempt;
        this.retry = retry;
        this.attempt = attempt;
        this.executor = executor;
        this.target = target;
        this.claimedBy = claimedBy;
        this.cpu = resources.cpu();
        this.memoryMb = resources.memoryMB();
        this.gpu = resources.gpu();
        this.host = host;
        this.ports = ports;
        this.claimedAt = claimedAt;
    }

    public long getTaskId() {
        return taskId;
    }

    public long getJobId() {
        return jobId;
    }

    public int getJobAttempt() {
        return jobAttempt;
    }

    public int getRetry() {
        return retry;
    }

    public int getAttempt() {
        return attempt;
    }

    public State getState() {
        return state;
    }

    public String getExecutor() {
        return executor;
    }

    public String getTarget() {
        return target;
    }

    public String getClaimedBy() {
        return claimedBy;
    }

    public Resources resources() {
        return new Resources(cpu, memoryMb, gpu);
    }

    public String getHost() {
        return host;
    }

    /** Reserved ports as {@code label=port,port;label=port}. */
    public String getPorts() {
        return ports;
    }

    public Optional<ExecutionHandle> handle() {
        return externalId == null ? Optional.empty()
                : Optional.of(new ExecutionHandle(executor, target, externalId, workDir));
    }

    public Optional<TaskObservation.Phase> getPhase() {
        return Optional.ofNullable(phase);
    }

    public Optional<Integer> getExitCode() {
        return Optional.ofNullable(exitCode);
    }

    public Optional<String> getNode() {
        return Optional.ofNullable(node);
    }

    public Optional<String> getDiagnostics() {
        return Optional.ofNullable(diagnostics);
    }

    public Optional<String> getPlatformRetry() {
        return Optional.ofNullable(platformRetry);
    }

    public Optional<Instant> getStopRequestedAt() {
        return Optional.ofNullable(stopRequestedAt);
    }

    public Instant getClaimedAt() {
        return claimedAt;
    }

    public Optional<Instant> getStartedAt() {
        return Optional.ofNullable(startedAt);
    }

    public Optional<Instant> getEndedAt() {
        return Optional.ofNullable(endedAt);
    }

    void launched(ExecutionHandle handle, Instant at) {
        state = State.LAUNCHED;
        externalId = handle.externalId();
        workDir = handle.workDir();
        launchedAt = at;
    }

    void running(String runningOn, Instant at) {
        node = runningOn;
        if (startedAt == null) {
            startedAt = at;
        }
    }

    void stopRequested(Instant at) {
        stopRequestedAt = at;
    }

    void launchFailed(String message) {
        diagnostics = message;
    }

    void platformRetried(String diagnosis) {
        platformRetry = diagnosis;
    }

    void ended(TaskObservation.Phase endPhase, Integer code, String why, MeasuredUse used, Instant at) {
        peakMemoryMb = used.peakMemoryMb().orElse(null);
        cpuTimeMs = used.cpuTimeMs().orElse(null);
        state = State.ENDED;
        phase = endPhase;
        exitCode = code;
        diagnostics = why;
        endedAt = at;
    }
}
