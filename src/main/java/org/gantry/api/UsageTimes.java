package org.gantry.api;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/** The instants usage and billing routes accept: a UTC day, an ISO 8601 instant, or epoch milliseconds. */
final class UsageTimes {

    private UsageTimes() {
    }

    static Instant parse(String name, String value) {
        if (value == null || value.isBlank()) {
            throw ApiException.invalid("Parameter " + name + " is required: a day (2026-12-01), an instant"
                    + " (2026-12-01T08:00:00Z) or epoch milliseconds.");
        }
        try {
            if (value.chars().allMatch(Character::isDigit) && value.length() <= 15) {
                return Instant.ofEpochMilli(Long.parseLong(value));
            }
            if (value.length() == 10) {
                return LocalDate.parse(value).atStartOfDay(ZoneOffset.UTC).toInstant();
            }
            return Instant.parse(value);
        } catch (DateTimeException | NumberFormatException e) {
            throw ApiException.invalid("Parameter " + name + " is not a day (2026-12-01), an instant"
                    + " (2026-12-01T08:00:00Z) or epoch milliseconds: " + value);
        }
    }
}
