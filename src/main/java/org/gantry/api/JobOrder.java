package org.gantry.api;

import java.util.Map;
import java.util.Optional;
import org.springframework.data.domain.Sort;

/** OpenPAI's {@code order=<field>,<ASC|DESC>} as a sort on Job's properties. */
final class JobOrder {

    /** OpenPAI's fields, plus the time fields its job list shows, which clients also ask to sort by. */
    private static final Map<String, String> FIELDS = Map.ofEntries(
            Map.entry("jobName", "name"),
            Map.entry("submissionTime", "submittedAt"),
            Map.entry("createdTime", "submittedAt"),
            Map.entry("launchedTime", "startedAt"),
            Map.entry("completedTime", "completedAt"),
            Map.entry("completionTime", "completedAt"),
            Map.entry("username", "owner.username"),
            Map.entry("vc", "virtualCluster"),
            Map.entry("retries", "retries"),
            Map.entry("totalTaskNumber", "totalTaskNumber"),
            Map.entry("totalGpuNumber", "totalGpuNumber"),
            Map.entry("state", "state"));

    private JobOrder() {
    }

    static Sort parse(Optional<String> order) {
        String text = order.map(String::strip).filter(o -> !o.isEmpty()).orElse("submissionTime,DESC");
        String[] parts = text.split(",", -1);
        String property = FIELDS.get(parts[0].strip());
        if (property == null || parts.length > 2) {
            throw ApiException.invalid("order is <field>,<ASC|DESC> with field one of " + FIELDS.keySet() + ".");
        }
        Sort.Direction direction;
        try {
            direction = parts.length == 2 ? Sort.Direction.fromString(parts[1].strip()) : Sort.Direction.ASC;
        } catch (IllegalArgumentException e) {
            throw ApiException.invalid("order direction must be ASC or DESC.");
        }
        // The id breaks ties, so that paging by offset never shows a job twice or skips one.
        return Sort.by(direction, property).and(Sort.by(direction, "id"));
    }
}
