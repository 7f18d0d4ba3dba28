package org.gantry.course;

import java.time.Instant;
import java.util.List;

/**
 * A course as its caller may see it. {@code instructor} says whether the caller may change it;
 * {@code newUnits} counts the units published since the caller's last visit.
 */
public record Course(long id, String code, String title, String term, String description, List<String> groups,
                     List<String> instructors, boolean hasEnrolmentKey, Instant createdAt, Instant updatedAt,
                     boolean instructor, int newUnits) {

    public static final int CODE_MAX = 32;
    public static final int TITLE_MAX = 255;
    public static final int TERM_MAX = 32;

    public String label() {
        return code + (term.isEmpty() ? "" : " (" + term + ")") + " · " + title;
    }
}
