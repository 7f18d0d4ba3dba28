package org.gantry.course;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A runnable assignment: a marketplace template version (its document copied in {@code yaml}) or
 * YAML written in place, due at a time, run on one virtual cluster, each instance within the limits.
 */
public record Assignment(long id, long courseId, long unitId, String title, String description,
                         Optional<String> templateItem, OptionalInt templateVersion, String yaml,
                         Optional<Instant> dueAt, String virtualCluster, Limits limits) {

    public static final int TITLE_MAX = 255;

    /** Most a task instance may ask for; empty means no limit. */
    public record Limits(OptionalInt gpu, OptionalInt cpu, OptionalInt memoryMB) {
        public static final Limits NONE = new Limits(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty());
    }
}
