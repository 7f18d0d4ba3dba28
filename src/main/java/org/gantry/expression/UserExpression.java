package org.gantry.expression;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;
import java.time.Instant;
import org.gantry.base.domain.AbstractEntity;
import org.gantry.security.UserAccount;

/** One of a user's values for {@code <% expression.key %>} in their job documents. */
@Entity
@Table(name = "user_expression")
public class UserExpression extends AbstractEntity {

    public static final int KEY_MAX = 64;
    public static final String KEY_PATTERN = "[A-Za-z0-9_-]{1,64}";
    public static final int VALUE_MAX = 4096;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "user_id")
    private UserAccount user;

    @Column(name = "expr_key", nullable = false, length = KEY_MAX)
    private String key;

    @Column(name = "expr_value", nullable = false, length = VALUE_MAX)
    private String value;

    @Column(name = "updated_at", nullable = false)
    private Instant updatedAt;

    protected UserExpression() {
    }

    UserExpression(UserAccount user, String key, String value, Instant updatedAt) {
        this.user = user;
        this.key = key;
        this.value = value;
        this.updatedAt = updatedAt;
    }

    public String getKey() {
        return key;
    }

    public String getValue() {
        return value;
    }

    public Instant getUpdatedAt() {
        return updatedAt;
    }

    void update(String value, Instant at) {
        this.value = value;
        this.updatedAt = at;
    }
}
