package org.gantry.job.tips;

import java.util.Optional;

/** What the tips look at in one of the user's past jobs. */
record PastJob(String name, String submittedText, boolean failed, Optional<Integer> exitCode,
               Optional<String> exitDiagnostics) {
}
