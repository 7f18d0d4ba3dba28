package org.gantry.job;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.util.Optional;

/** One try at running a whole job; a job retried after failure gets a new attempt. */
@Entity
@Table(name = "job_attempt")
public class JobAttempt extends RunStateEntity {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "job_id")
    private Job job;

    @Column(name = "attempt_index", nullable = false)
    private int attemptIndex;

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


    public Optional<String> getDiagnostics() {
        return Optional.ofNullable(diagnostics);
    }

    public void setDiagnostics(String diagnostics) {
        this.diagnostics = diagnostics;
    }
}
