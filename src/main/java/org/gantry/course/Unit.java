package org.gantry.course;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A week or lecture of a course: a draft while {@code publishAt} is empty, visible to the
 * audience from {@code publishAt} on. {@code opened} counts, per note, how many of the
 * audience opened it (filled for instructors only, otherwise empty).
 */
public record Unit(long id, long courseId, int position, String title, String description,
                   Optional<Instant> publishAt, boolean published, List<Material> materials, List<Link> links,
                   List<Assignment> assignments) {

    public static final int TITLE_MAX = 255;

    /** A marketplace item the unit points at. */
    public record Link(String item, String displayName, String type) {
    }
}
