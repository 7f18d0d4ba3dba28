package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import org.gantry.job.JobState;

/**
 * Follows a job to its end with the status endpoint's {@code wait}: one held-back request at a
 * time, asked again while the job runs. The exit code is 0 when it succeeded, 1 otherwise,
 * as {@code sbatch --wait} does.
 */
final class JobWaiting {

    /** Seconds one request may be held back; below the client's own 60 s request timeout. */
    static final int WAIT_SECONDS = 30;

    private JobWaiting() {
    }

    static int untilEnd(ApiClient api, String frameworkName, PrintStream out) throws IOException {
        String path = "/api/v2/jobs/" + ApiClient.encode(frameworkName) + "?wait=" + WAIT_SECONDS;
        while (true) {
            JsonNode status = api.get(path).path("jobStatus");
            JobState state = state(status.path("state").asText(""), frameworkName);
            if (state.isFinal()) {
                String diagnostics = status.path("appExitDiagnostics").asText("");
                out.println(frameworkName + " " + state + (state == JobState.SUCCEEDED || diagnostics.isBlank() ? ""
                        : ": " + diagnostics.strip()));
                return state == JobState.SUCCEEDED ? 0 : 1;
            }
        }
    }

    private static JobState state(String text, String frameworkName) {
        try {
            return JobState.valueOf(text);
        } catch (IllegalArgumentException e) {
            throw new CliException("Gantry answered with no state Gantry knows for " + frameworkName + ": '" + text
                    + "'");
        }
    }
}
