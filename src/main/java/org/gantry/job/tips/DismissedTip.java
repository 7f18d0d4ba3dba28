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

/** A tip its user does not want to see again. */
@Entity
@Table(name = "dismissed_tip")
class DismissedTip extends AbstractEntity {

    static final int KEY_MAX = 300;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "owner_id")
    private UserAccount owner;

    @Column(name = "tip_key", nullable = false, length = KEY_MAX)
    private String tipKey;

    @Column(name = "dismissed_at", nullable = false)
    private Instant dismissedAt;

    protected DismissedTip() {
    }

    DismissedTip(UserAccount owner, String tipKey, Instant dismissedAt) {
        this.owner = owner;
        this.tipKey = tipKey;
        this.dismissedAt = dismissedAt;
    }

    String getTipKey() {
        return tipKey;
    }
}
