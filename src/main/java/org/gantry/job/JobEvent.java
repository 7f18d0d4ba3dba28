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
import org.gantry.base.domain.AbstractEntity;

/** Something that happened to a job, shown as OpenPAI's job events. Never holds secrets. */
@Entity
@Table(name = "job_event")
public class JobEvent extends AbstractEntity {

    public static final int REASON_MAX = 64;
    public static final int MESSAGE_MAX = 4096;

    /** OpenPAI's (and Kubernetes') two event types. */
    public enum Type { Normal, Warning }

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "job_id")
    private Job job;

    @Column(nullable = false)
    private Instant at;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Type type;

    @Column(nullable = false, length = REASON_MAX)
    private String reason;

    @Column(nullable = false, length = MESSAGE_MAX)
    private String message;

    protected JobEvent() {
    }

    JobEvent(Job job, Instant at, Type type, String reason, String message) {
        this.job = job;
        this.at = at;
        this.type = type;
        this.reason = truncate(reason, REASON_MAX);
        this.message = truncate(message, MESSAGE_MAX);
    }

    private static String truncate(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    public Job getJob() {
        return job;
    }

    public Instant getAt() {
        return at;
    }

    public Type getType() {
        return type;
    }

    public String getReason() {
        return reason;
    }

    public String getMessage() {
        return message;
    }
}
