package org.gantry.marketplace;

import java.util.Arrays;
import java.util.Optional;

/** Where a version stands in review: draft → pending → approved | rejected. */
public enum ReviewStatus {
    DRAFT, PENDING, APPROVED, REJECTED;

    public String json() {
        return name().toLowerCase();
    }

    public static Optional<ReviewStatus> parse(String text) {
        return Arrays.stream(values()).filter(s -> s.name().equalsIgnoreCase(text)).findFirst();
    }
}
