package org.gantry.job;

import java.time.Instant;

/**
 * One task of a job the runtime reads on every pass, with its job's columns and latest attempt
 * index: one query, one snapshot, without the job's texts, secrets and owner entity. The task's
 * columns are null for a job without tasks.
 */
record RunnableTaskRow(long jobId, String user, String name, String virtualCluster, Job.ExecutionType executionType,
                       JobState jobState, int jobRetries, Instant submittedAt, Integer jobAttempt, Long taskId,
                       String role, Integer index, JobState taskState, Integer taskRetries, Integer taskPlatformRetries,
                       String waitingReason,
                       Integer exitCode, String exitDiagnostics) {
}
