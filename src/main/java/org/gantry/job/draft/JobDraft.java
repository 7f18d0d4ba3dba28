package org.gantry.job.draft;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToOne;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import org.gantry.base.domain.AbstractEntity;
import org.gantry.security.UserAccount;

/** A user's job document as last typed in the editor, not yet submitted; sealed, as it may hold secrets. */
@Entity
@Table(name = "job_draft")
class JobDraft extends AbstractEntity {

    static final int ORIGIN_MAX = 300;

    @OneToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "owner_id")
    private UserAccount owner;

    @Column(name = "sealed_text", nullable = false)
    private byte[] sealedText;

    @Column(nullable = false, length = ORIGIN_MAX)
    private String origin;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    @Version
    private long version;

    protected JobDraft() {
    }

    JobDraft(UserAccount owner) {
        this.owner = owner;
    }

    byte[] getSealedText() {
        return sealedText;
    }

    String getOrigin() {
        return origin;
    }

    Instant getUpdatedAt() {
        return updatedAt;
    }

    void update(byte[] sealedText, String origin, Instant at) {
        this.sealedText = sealedText;
        this.origin = origin.length() > ORIGIN_MAX ? origin.substring(0, ORIGIN_MAX) : origin;
        this.updatedAt = at;
    }
}
