package org.gantry.job;

import java.util.Optional;

/**
 * A check another feature makes before a job is stored (billing's hard budget limit). Called
 * inside the submission's transaction, after the document and virtual cluster were checked.
 */
public interface SubmissionGate {

    /**
     * Why {@code username} may not submit to {@code virtualCluster} now, in words that name
     * what to change; empty to let the job through.
     */
    Optional<String> refusal(String username, String virtualCluster);
}
