package org.gantry.job;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A job with one of its attempts and the tasks of each role as they stand in that attempt:
 * now for the latest, as their last launch left them for an earlier one.
 */
public record JobDetail(JobSummary summary, AttemptStatus attempt, Map<String, List<TaskStatus>> taskRoles,
                        Optional<String> exitDiagnostics) {

    public JobDetail {
        taskRoles = Collections.unmodifiableMap(new LinkedHashMap<>(taskRoles));
    }
}
