package org.gantry.job;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import org.gantry.base.domain.AbstractEntity;

/** One try at running a whole job; a job retried after failure gets a new attempt. */
@Entity
@Table(name = "job_attempt")
public class JobAttempt extends AbstractEntity {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "job_id")
    private Job job;

    @Column(name = "attempt_index", nullable = false)
    private int attemptIndex;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private JobState state = JobState.WAITING;

    @Column(name = "started_at")
    private Instant startedAt;

    @Column(name = "completed_at")
    private Instant completedAt;

    @Column(name = "exit_code")
    private Integer exitCode;

    @Column(columnDefinition = "text")
    private String diagnostics;

    protected JobAttempt() {
    }

    JobAttempt(Job job, int attemptIndex) {
        this.job = job;
        this.attemptIndex = attemptIndex;
    }

    public Job getJob() {
        return job;
    }

    public int getAttemptIndex() {
        return attemptIndex;
    }

    public JobState getState() {
        return state;
    }

    public void setState(JobState state) {
        this.state = state;
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

    public Optional<Integer> getExitCode() {
        return Optional.ofNullable(exitCode);
    }

    public void setExitCode(Integer exitCode) {
        this.exitCode = exitCode;
    }

    public Optional<String> getDiagnostics() {
        return Optional.ofNullable(diagnostics);
    }

    public void setDiagnostics(String diagnostics) {
        this.diagnostics = diagnostics;
    }
}
