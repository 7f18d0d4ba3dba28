package org.gantry.job;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A job with one of its attempts and the tasks of each role. The tasks table holds each
 * task's current state, so only the latest attempt lists task statuses.
 */
public record JobDetail(JobSummary summary, AttemptStatus attempt, Map<String, List<TaskStatus>> taskRoles,
                        Optional<String> exitDiagnostics) {

    public JobDetail {
        taskRoles = Collections.unmodifiableMap(new LinkedHashMap<>(taskRoles));
    }
}
