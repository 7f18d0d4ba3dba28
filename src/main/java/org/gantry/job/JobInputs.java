package org.gantry.job;

import java.util.Map;
import org.gantry.job.protocol.JobSpec;

/**
 * The inputs a job names that are missing now, for the linter: the same checks as before a
 * job's tasks are admitted (docs/diagnostics.md, "Data readiness"), limited to what answers
 * quickly (absolute paths on Gantry's host, paths in storages read as {@code username}); no
 * network. Implemented by the diagnostics feature, which depends on jobs; without it the
 * linter does not check inputs.
 */
public interface JobInputs {

    /** Each missing input, as written in the job, with why ("does not exist in storage home"). */
    Map<String, String> missing(String username, JobSpec spec);
}
