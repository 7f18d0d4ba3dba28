package org.gantry.job.ui;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.job.Job;

/**
 * Resubmitting runs a job's document again under a new name, since a user's job names are
 * unique: {@code train} becomes {@code train-20260601-120000}; a name that already carries
 * such a suffix gets a fresh one instead of a second.
 */
final class Resubmission {

    private static final Pattern TOP_LEVEL_NAME = Pattern.compile("(?m)^name[ \\t]*:[ \\t]*(.*?)[ \\t]*$");
    private static final Pattern SUFFIX = Pattern.compile("-\\d{8}-\\d{6}$");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private Resubmission() {
    }

    static String newName(String name, Instant now) {
        String base = SUFFIX.matcher(name).replaceFirst("");
        String suffix = "-" + STAMP.format(now);
        return base.substring(0, Math.min(base.length(), Job.NAME_MAX - suffix.length())) + suffix;
    }

    /** The document with its top-level {@code name} replaced (or added when it has none). */
    static String withName(String yaml, String name) {
        Matcher matcher = TOP_LEVEL_NAME.matcher(yaml);
        if (matcher.find()) {
            return yaml.substring(0, matcher.start()) + "name: " + name + yaml.substring(matcher.end());
        }
        return "name: " + name + "\n" + yaml;
    }
}
