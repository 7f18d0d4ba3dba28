package org.gantry.runtime;

import java.util.List;
import org.gantry.job.protocol.JobSpec;

/**
 * Checks the inputs a job names before its tasks are admitted, so that a job whose data is
 * missing fails within seconds of its submission, naming every missing input, instead of after
 * its wait in the queue. The diagnostics feature implements it; without an implementation
 * every job is ready.
 *
 * <p>The reconciler calls it on its pass thread for each job with tasks to admit: it must not
 * block. The first call for a job starts the job's check and answers CHECKING; when the check is
 * done, {@code done} is run (the reconciler passes its wake-up) and later calls answer the
 * verdict.
 */
public interface InputReadiness {

    enum State { CHECKING, READY, MISSING }

    /**
     * @param checked every input checked, as "what: answer" lines ({@code /mnt/data/train.csv: found})
     * @param missing the inputs that are missing or could not be reached, each with why
     */
    record Verdict(State state, List<String> checked, List<String> missing) {

        public static final Verdict CHECKING = new Verdict(State.CHECKING, List.of(), List.of());

        public Verdict {
            checked = List.copyOf(checked);
            missing = List.copyOf(missing);
        }
    }

    /** The job's verdict; CHECKING while its check runs (started by the first call). */
    Verdict readiness(long jobId, String user, JobSpec spec, Runnable done);

    /** Forgets a job's verdict once it was acted on (the job ended, or its tasks were admitted). */
    void forget(long jobId);
}
