package org.gantry.job.ui;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How the job views write times and durations. */
final class Formats {

    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneId.systemDefault());

    private Formats() {
    }

    static String dateTime(Instant instant) {
        return DATE_TIME.format(instant);
    }

    /** {@code 45s}, {@code 12m 03s}, {@code 5h 02m}, {@code 3d 04h}. */
    static String duration(Duration duration) {
        long seconds = Math.max(0, duration.toSeconds());
        if (seconds < 60) {
            return seconds + "s";
        }
        if (seconds < 3600) {
            return String.format("%dm %02ds", seconds / 60, seconds % 60);
        }
        if (seconds < 86400) {
            return String.format("%dh %02dm", seconds / 3600, seconds % 3600 / 60);
        }
        return String.format("%dd %02dh", seconds / 86400, seconds % 86400 / 3600);
    }

    /** A step's time: tenths of seconds under a minute ({@code 0.4 s}, {@code 3.2 s}), else as {@link #duration}. */
    static String stepDuration(Duration duration) {
        long millis = Math.max(0, duration.toMillis());
        if (millis < 59_950) {
            return String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        return duration(Duration.ofSeconds(Math.round(millis / 1000.0)));
    }
}
