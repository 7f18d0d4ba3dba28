package org.gantry.course;

import java.util.List;
import java.util.Optional;

/** What a create or update asks for; on update an empty field keeps its value. */
public record CourseDraft(Optional<String> code, Optional<String> title, Optional<String> term,
                          Optional<String> description, Optional<List<String>> groups,
                          Optional<List<String>> instructors, Optional<String> enrolmentKey) {

    public static CourseDraft of(String code, String title, String term, List<String> groups) {
        return new CourseDraft(Optional.of(code), Optional.of(title), Optional.of(term), Optional.empty(),
                Optional.of(groups), Optional.empty(), Optional.empty());
    }

    public CourseDraft withDescription(String text) {
        return new CourseDraft(code, title, term, Optional.of(text), groups, instructors, enrolmentKey);
    }

    public CourseDraft withInstructors(List<String> names) {
        return new CourseDraft(code, title, term, description, groups, Optional.of(names), enrolmentKey);
    }

    public CourseDraft withEnrolmentKey(String key) {
        return new CourseDraft(code, title, term, description, groups, instructors, Optional.of(key));
    }
}
