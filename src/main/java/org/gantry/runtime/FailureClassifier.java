package org.gantry.runtime;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Optional;

/**
 * Tells a transient failure of a task attempt — one that running the task again unchanged may
 * cure and that is not the job's fault: a lost node, a preemption, an NCCL timeout, an
 * unreachable SSH host — from what the attempt left. The reconciler runs such an attempt's task
 * again as a platform retry (OpenPAI's {@code retryDetails.platform}), not counted against
 * {@code taskRetryCount}. The diagnostics feature implements it with its failure catalogue;
 * without an implementation no failure is transient.
 *
 * <p>Called on the reconciler's observer threads, once per failed attempt, before its end is
 * recorded; it must not throw (an answer it cannot give is empty: the failure stands).
 */
public interface FailureClassifier {

    /**
     * The catalogue's phrase for the attempt's failure ({@code NcclTimeout}) when that failure is
     * transient and not the user's; empty for any other failure.
     */
    Optional<String> transientFailure(FailedAttempt attempt);

    /**
     * What a failed attempt left.
     *
     * @param exitCode   the task script's exit code, empty when it vanished without one
     * @param failedStep the dependency step that stopped it ({@code pip}), if one did
     * @param platform   the runtime's and the executor's messages about its end, with the
     *                   failed step's last stderr lines
     * @param logs       the tails of its {@code stdout} and {@code stderr}, each read when opened
     */
    record FailedAttempt(Optional<Integer> exitCode, Optional<String> failedStep, String platform, List<Log> logs) {

        public FailedAttempt {
            logs = List.copyOf(logs);
        }
    }

    /**
     * The tail of one of the attempt's logs.
     *
     * @param name    {@code stdout} or {@code stderr}
     * @param opener  opens the tail's bytes; the caller closes the stream
     * @param partial the tail starts inside the log, so inside a line: its first line is cut
     */
    record Log(String name, Opener opener, boolean partial) {
    }

    /** Opens a log tail's bytes. */
    @FunctionalInterface
    interface Opener {
        InputStream open() throws IOException;
    }
}
