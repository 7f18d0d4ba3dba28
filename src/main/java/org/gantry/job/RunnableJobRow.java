package org.gantry.job;

import java.time.Instant;

/**
 * The columns of a job the runtime reads on every pass, without the job's texts, secrets and
 * owner entity (a user with groups and virtual clusters) that loading a {@link Job} brings.
 */
record RunnableJobRow(long id, String user, String name, String virtualCluster, Job.ExecutionType executionType,
                      JobState state, int retries, Instant submittedAt) {
}
