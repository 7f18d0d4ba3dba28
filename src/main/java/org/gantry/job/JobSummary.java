package org.gantry.job;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * A job as the list shows it; anyone signed in may see this of any job. {@code platformRetries}
 * is the sum of its tasks' runs again after transient failures in the current attempt
 * (OpenPAI's {@code retryDetails.platform}).
 */
public record JobSummary(String username, String name, String virtualCluster, JobState state,
                         Job.ExecutionType executionType, List<String> tags, int retries,
                         Instant submittedAt, Optional<Instant> startedAt, Optional<Instant> completedAt,
                         Optional<Integer> exitCode, int totalTaskRoleNumber, int totalTaskNumber,
                         int totalGpuNumber, int platformRetries) {

    public JobSummary {
        tags = List.copyOf(tags);
    }

    /** OpenPAI's job id, {@code user~name}. */
    public String frameworkName() {
        return username + "~" + name;
    }

    static JobSummary of(Job job) {
        return new JobSummary(job.getOwnerName(), job.getName(), job.getVirtualCluster(), job.getState(),
                job.getExecutionType(), job.getTags().stream().sorted().toList(), job.getRetries(),
                job.getSubmittedAt(), job.getStartedAt(), job.getCompletedAt(), job.getExitCode(),
                job.getTotalTaskRoleNumber(), job.getTotalTaskNumber(), job.getTotalGpuNumber(), 0);
    }

    JobSummary withPlatformRetries(int count) {
        return new JobSummary(username, name, virtualCluster, state, executionType, tags, retries, submittedAt,
                startedAt, completedAt, exitCode, totalTaskRoleNumber, totalTaskNumber, totalGpuNumber, count);
    }
}
