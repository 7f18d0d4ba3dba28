package org.gantry.job;

import java.util.List;

/**
 * The runtime's record of every launch of a job's tasks, which outlives the task rows' current
 * state: a job retried after a failure resets its tasks, and only these records still say how
 * each task fared in the earlier attempt. The runtime implements it; the job feature owns the
 * interface so that it need not depend on the runtime.
 */
public interface TaskRuns {

    /** The launches of the job's tasks in job attempt {@code jobAttempt}, oldest first; empty when none. */
    List<TaskRun> of(long jobId, int jobAttempt);
}
