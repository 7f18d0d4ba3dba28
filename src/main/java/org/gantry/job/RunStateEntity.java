package org.gantry.job;

import jakarta.persistence.Column;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;
import java.util.Optional;
import org.gantry.base.domain.AbstractEntity;

/**
 * Where a job, one of its attempts or one of its tasks stands: OpenPAI's state, when it
 * started and completed, its exit code and why it ended so. The runtime moves it on.
 */
@MappedSuperclass
public abstract class RunStateEntity extends AbstractEntity {

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private JobState state = JobState.WAITING;

    @Column(name = "exit_code")
    private Integer exitCode;

    @Column(name = "exit_diagnostics", columnDefinition = "text")
    private String exitDiagnostics;

    @Column(name = "started_at")
    private Instant startedAt;

    @Column(name = "completed_at")
    private Instant completedAt;

    public JobState getState() {
        return state;
    }

    public void setState(JobState state) {
        this.state = state;
    }

    public Optional<Integer> getExitCode() {
        return Optional.ofNullable(exitCode);
    }

    public void setExitCode(Integer exitCode) {
        this.exitCode = exitCode;
    }

    public Optional<String> getExitDiagnostics() {
        return Optional.ofNullable(exitDiagnostics);
    }

    public void setExitDiagnostics(String exitDiagnostics) {
        this.exitDiagnostics = exitDiagnostics;
    }

    public Optional<Instant> getStartedAt() {
        return Optional.ofNullable(startedAt);
    }

    public void setStartedAt(Instant startedAt) {
        this.startedAt = startedAt;
    }

    public Optional<Instant> getCompletedAt() {
        return Optional.ofNullable(completedAt);
    }

    public void setCompletedAt(Instant completedAt) {
        this.completedAt = completedAt;
    }
}
