package org.gantry.job.tips;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;
import org.gantry.base.domain.AbstractEntity;
import org.gantry.security.UserAccount;

/** The editor was opened from a template or a cloned job. */
@Entity
@Table(name = "job_editor_start")
class EditorStart extends AbstractEntity {

    static final int ORIGIN_MAX = 300;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "owner_id")
    private UserAccount owner;

    @Column(nullable = false, length = ORIGIN_MAX)
    private String origin;

    @Column(name = "started_at", nullable = false)
    private Instant startedAt;

    protected EditorStart() {
    }

    EditorStart(UserAccount owner, String origin, Instant startedAt) {
        this.owner = owner;
        this.origin = origin.length() > ORIGIN_MAX ? origin.substring(0, ORIGIN_MAX) : origin;
        this.startedAt = startedAt;
    }

    String getOrigin() {
        return origin;
    }
}
