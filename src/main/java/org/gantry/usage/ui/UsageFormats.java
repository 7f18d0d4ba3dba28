package org.gantry.usage.ui;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;

/** How usage views write resource time: resource-seconds as hours with two decimals. */
final class UsageFormats {

    private UsageFormats() {
    }

    static String hours(long resourceSeconds) {
        return BigDecimal.valueOf(resourceSeconds).divide(BigDecimal.valueOf(3600), 2, RoundingMode.HALF_UP)
                .toPlainString();
    }

    /** Memory as GB-hours from MB-seconds. */
    static String gbHours(long mbSeconds) {
        return BigDecimal.valueOf(mbSeconds).divide(BigDecimal.valueOf(3600L * 1024), 2, RoundingMode.HALF_UP)
                .toPlainString();
    }

    static String duration(long seconds) {
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min";
        }
        return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
    }

    /** The twelve months up to {@code current}, newest first. */
    static List<YearMonth> lastMonths(YearMonth current) {
        List<YearMonth> months = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            months.add(current.minusMonths(i));
        }
        return months;
    }
}
