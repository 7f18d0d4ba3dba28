package org.gantry.job;

import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** One try at running a whole job; a job retried after failure gets a new attempt. */
@Entity
@Table(name = "job_attempt")
@AttributeOverride(name = "exitDiagnostics", column = @Column(name = "diagnostics", columnDefinition = "text"))
public class JobAttempt extends RunStateEntity {

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "job_id")
    private Job job;

    @Column(name = "attempt_index", nullable = false)
    private int attemptIndex;

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
}
