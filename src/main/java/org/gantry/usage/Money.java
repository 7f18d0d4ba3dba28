package org.gantry.usage;

import java.math.BigDecimal;

/** Formats integer minor units in the configured currency ({@code 12345} → {@code EUR 123.45}). */
public record Money(String currency, int digits) {

    public String format(long minor) {
        return currency + " " + BigDecimal.valueOf(minor, digits).toPlainString();
    }

    /** The amount without the currency, for CSV. */
    public String plain(long minor) {
        return BigDecimal.valueOf(minor, digits).toPlainString();
    }
}
