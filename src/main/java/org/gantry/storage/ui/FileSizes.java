package org.gantry.storage.ui;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Sizes and times as the file browser shows them. */
final class FileSizes {

    private static final String[] UNITS = {"B", "KB", "MB", "GB", "TB"};
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private FileSizes() {
    }

    static String format(long bytes) {
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < UNITS.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(java.util.Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }

    static String time(Instant instant) {
        return TIME.format(instant) + " UTC";
    }
}
