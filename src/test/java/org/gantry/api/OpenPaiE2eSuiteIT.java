package org.gantry.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;

/**
 * OpenPAI's own e2e API suite (from its SDK package) through {@code bench/openpai-e2e.sh}
 * against a Gantry of its own (the suite's deliberate bad logins must not count against the
 * shared test context's limiter). Every failure it may report is one explained in
 * docs/decisions/0003-rest-api-v2.md.
 */
class OpenPaiE2eSuiteIT {

    /** The cases that fail by design or by a quirk of the suite, as the script prints them. */
    static final Set<String> EXPLAINED = Set.of(
            "post /api/v2/authn/basic/login login with non-existent username",
            "post /api/v2/authn/basic/login login with incorrect password",
            "get /api/v2/groups/{group}/userlist get /api/v2/groups/{group}/userlist",
            "get /api/v2/jobs/{user}~{job} Get a job detail",
            "get /api/v2/jobs/{user}~{job}/attempts/{jobAttemptId} Get a job detail with specified job attempt",
            "put /api/v2/jobs/{user}~{job}/executionType update job execution type to START");

    static final int KNOWN_GOOD_PASSES = 66;

    private static final Pattern COUNTS = Pattern.compile("passes: (\\d+)  failures: (\\d+)");

    @Test
    void openpais_suite_passes_every_case_but_the_explained_ones() throws Exception {
        assumeTrue(OpenPaiSdkIT.run(List.of("npm", "--version"), Path.of("."), Map.of(), 60).exitCode() == 0,
                "node and npm are needed to run OpenPAI's suite");
        Path root = Files.createDirectories(Path.of("target", "openpai-e2e-it", Long.toString(System.nanoTime()))
                .toAbsolutePath());
        try (GantryProcess gantry = GantryProcess.start(root.resolve("data"), root.resolve("gantry.log"),
                Map.of("gantry.runtime.enabled", "false"))) {
            OpenPaiSdkIT.Result run = OpenPaiSdkIT.run(List.of("bash", "bench/openpai-e2e.sh", "--url",
                    "http://127.0.0.1:" + gantry.port(), "--user", "admin", "--password", RestClient.ADMIN_PASSWORD),
                    Path.of("."), Map.of(), 900);
            assertThat(run.exitCode()).as(run.toString()).isZero();
            Matcher counts = COUNTS.matcher(run.stdout());
            assertThat(counts.find()).as(run.toString()).isTrue();
            List<String> failures = run.stdout().lines().filter(l -> l.startsWith("FAIL  "))
                    .map(l -> l.substring(6, l.indexOf(": ", 6) < 0 ? l.length() : l.indexOf(": ", 6))).toList();
            assertThat(failures).as(run.stdout()).allMatch(EXPLAINED::contains);
            assertThat(Integer.parseInt(counts.group(1))).as(run.stdout()).isGreaterThanOrEqualTo(KNOWN_GOOD_PASSES);
        }
    }
}
