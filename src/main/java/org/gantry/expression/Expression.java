package org.gantry.expression;

import java.time.Instant;

/** A user expression as shown to its owner. */
public record Expression(String key, String value, Instant updatedAt) {

    static Expression of(UserExpression entity) {
        return new Expression(entity.getKey(), entity.getValue(), entity.getUpdatedAt());
    }
}
