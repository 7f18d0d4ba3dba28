package org.gantry.course;

import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What an instructor asks for when adding or changing an assignment: a marketplace template
 * (item and optional version) or YAML in place, due time, virtual cluster and limits. On an
 * update an empty field keeps its value.
 */
public record AssignmentDraft(Optional<String> title, Optional<String> description, Optional<String> templateItem,
                              OptionalInt templateVersion, Optional<String> yaml, Optional<Instant> dueAt,
                              Optional<String> virtualCluster, Optional<Assignment.Limits> limits) {

    public static AssignmentDraft ofYaml(String title, String yaml, Instant due, String virtualCluster) {
        return new AssignmentDraft(Optional.of(title), Optional.empty(), Optional.empty(), OptionalInt.empty(),
                Optional.of(yaml), Optional.ofNullable(due), Optional.of(virtualCluster), Optional.empty());
    }
}
