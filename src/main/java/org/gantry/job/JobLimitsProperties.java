package org.gantry.job;

import org.gantry.job.protocol.TaskLimits;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How large a submitted job may be; see docs/decisions/0002-protocol-validation.md ("Job size").
 *
 * @param maxInstancesPerRole Maximum instances of one task role.
 * @param maxTasksPerJob Maximum tasks of one job, all task roles together.
 */
@ConfigurationProperties("gantry.jobs")
public record JobLimitsProperties(@DefaultValue("" + TaskLimits.DEFAULT_PER_ROLE) int maxInstancesPerRole,
                                  @DefaultValue("" + TaskLimits.DEFAULT_PER_JOB) int maxTasksPerJob) {

    public TaskLimits taskLimits() {
        return new TaskLimits(maxInstancesPerRole, maxTasksPerJob);
    }
}
