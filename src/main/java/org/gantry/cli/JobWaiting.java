package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;

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
            String state = status.path("state").asText("");
            if (state.equals("SUCCEEDED") || state.equals("FAILED") || state.equals("STOPPED")) {
                String diagnostics = status.path("appExitDiagnostics").asText("");
                out.println(frameworkName + " " + state + (state.equals("SUCCEEDED") || diagnostics.isBlank() ? ""
                        : ": " + diagnostics.strip()));
                return state.equals("SUCCEEDED") ? 0 : 1;
            }
            if (state.isEmpty()) {
                throw new CliException("Gantry answered without the state of " + frameworkName);
            }
        }
    }
}
