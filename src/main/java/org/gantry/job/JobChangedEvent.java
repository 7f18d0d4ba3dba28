package org.gantry.job;

/**
 * Published in the transaction that submitted a job or asked it to stop; listeners that act
 * on it (the runtime's reconciler) listen after commit.
 *
 * @param jobId the job's id
 */
public record JobChangedEvent(long jobId) {
}
