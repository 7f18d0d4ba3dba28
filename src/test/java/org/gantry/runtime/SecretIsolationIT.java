package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.name;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.gantry.job.protocol.SecretRedaction;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * With default settings one user's task finds nothing of another user's secrets on Gantry's
 * host: not in her attempt's files, not in the environment or command line of her processes.
 */
@RuntimeSpringTest
class SecretIsolationIT {

    private static final Duration WAIT = Duration.ofSeconds(90);

    /** Holds its secret in a deps variable (so in shell-env.sh), in an export in task.sh, and in its processes. */
    private static final String HOLDER = """
            protocolVersion: 2
            name: {name}
            type: job
            secrets:
              canary: {canary}
            deps:
              env: {HOLDER_CANARY: '<% $secrets.canary %>'}
            taskRoles:
              main:
                commands:
                  - export ALSO_CANARY='<% $secrets.canary %>'
                  - echo holding
                  - sleep 600
            """;

    /**
     * Prints every canary-shaped string it can read, as "hit <hex>" (so that no log masking hides
     * one): in the tasks dir, the victim's user dir and attempt files, its own attempt (a control:
     * its own canary must be found), and every process's environment and command line.
     */
    private static final String SEEKER = """
            protocolVersion: 2
            name: {name}
            type: job
            secrets:
              canary: {canary}
            deps:
              env: {SEEKER_CANARY: '<% $secrets.canary %>'}
            taskRoles:
              main:
                commands:
                  - tasks=${PAI_WORK_DIR%/*/*/*/*/*}
                  - victim=$tasks/{victim}/{victimJob}/main-0/attempt-1
                  - seek() { grep -r -a -o -h -E 'canary[0-9a-f]{32}' "$@" 2>/dev/null | sed 's/^canary/hit /'; }
                  - seek "$tasks" "$tasks/{victim}" "$victim" "$victim/task.sh" "$victim/work" "$victim/work/.gantry/shell-env.sh"
                  - seek "$PAI_WORK_DIR/../task.sh" "$PAI_WORK_DIR"
                  - seek /proc/[0-9]*/environ /proc/[0-9]*/cmdline
                  - echo searched
            """;

    @LocalServerPort
    int port;

    // with the shared task account (the old default) another user's task read the secret from the
    // holder's task.sh, work/.gantry/shell-env.sh and /proc/<pid>/environ
    @Test
    void another_users_task_finds_no_trace_of_a_secret() throws Exception {
        assumeThat(System.getProperty("user.name")).as("task accounts need root").isEqualTo("root");
        RestClient alice = RestClient.newUser(port, "alice");
        RestClient bob = RestClient.newUser(port, "bob");
        String aliceCanary = canary();
        String bobCanary = canary();
        String holder = alice.submit(HOLDER.replace("{name}", name("holder")).replace("{canary}", aliceCanary));
        try {
            awaitStdout(alice, holder, "holding");

            String seeker = bob.submit(SEEKER.replace("{name}", name("seeker")).replace("{canary}", bobCanary)
                    .replace("{victim}", alice.username()).replace("{victimJob}", holder));
            assertThat(await(bob, bob.username(), seeker, ended(), WAIT).at("/jobStatus/state").asText())
                    .isEqualTo("SUCCEEDED");
            String found = stdout(bob, seeker);

            assertThat(found).contains("searched");
            assertThat(found).as("the search reads what the seeker's own account may")
                    .contains("hit " + hex(bobCanary));
            assertThat(found).doesNotContain(hex(aliceCanary));
        } finally {
            alice.putJson("/api/v2/jobs/" + alice.username() + "~" + holder + "/executionType",
                    Map.of("value", "STOP"));
        }
        String config = RestClient.admin(port).get("/api/v2/jobs/" + alice.username() + "~" + holder + "/config")
                .body();
        assertThat(config).doesNotContain(hex(aliceCanary)).contains(SecretRedaction.MASK);
    }

    private static String canary() {
        return "canary" + UUID.randomUUID().toString().replace("-", "");
    }

    private static String hex(String canary) {
        return canary.substring("canary".length());
    }

    private static String stdout(RestClient client, String job) {
        String locations = "/api/v2/jobs/" + client.username() + "~" + job
                + "/attempts/0/taskRoles/main/taskIndex/0/attempts/0/logs";
        String uri = client.get(locations).json().get("locations").get(0).get("uri").asText();
        return client.get(uri).body();
    }

    private static void awaitStdout(RestClient client, String job, String text) throws InterruptedException {
        Instant end = Instant.now().plus(WAIT);
        while (Instant.now().isBefore(end)) {
            RestClient.Response logs = client.get("/api/v2/jobs/" + client.username() + "~" + job
                    + "/attempts/0/taskRoles/main/taskIndex/0/attempts/0/logs");
            if (logs.status() == 200 && logs.json().path("locations").size() > 0
                    && stdout(client, job).contains(text)) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError(job + " did not print '" + text + "' within " + WAIT);
    }
}
