package org.gantry.job;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * Why a job failed and what to do, for the job views; the diagnostics feature implements it.
 * The job feature owns the interface so that its views need not depend on that feature.
 */
public interface FailureExplanations {

    /**
     * A diagnosis of one task attempt.
     *
     * @param phrase      the catalogue's name for it ({@code PythonModuleNotFound})
     * @param category    user, platform, hardware, dependency, data or resource
     * @param transientFailure whether running it again unchanged may succeed
     * @param failure     false for an end that is no failure (stopped on request)
     * @param task        {@code role-index}
     * @param step        the step that failed ({@code pip}, {@code task})
     * @param quote       the log line that gave it away
     * @param source      where that line is ({@code stderr}, {@code step pip}, {@code platform})
     * @param fix         a job change that fixes it: {@code deps.pip <package>}
     */
    record Explanation(String phrase, String category, boolean transientFailure, boolean failure, String task,
                       int jobAttempt, int taskAttempt, Optional<String> step, String reason, String solution,
                       Optional<String> quote, Optional<String> source, Optional<String> link, Optional<String> fix) {

        /** One short line for a list: the reason, cut. */
        public String summary() {
            return reason.length() <= 120 ? reason : reason.substring(0, 119) + "…";
        }
    }

    /**
     * The diagnosis of a failed or stopped job's latest attempt; empty while it runs, when it
     * succeeded or when nothing in the catalogue matches. Reads the task's logs when the caller may.
     */
    Optional<Explanation> explain(String owner, String job);

    /**
     * One line for each of these jobs that failed or was diagnosed, by job id: "phrase: reason",
     * from its latest stored diagnosis, else from its recorded diagnostics alone; never reads logs.
     */
    Map<Long, String> reasons(Collection<Long> jobIds);
}
