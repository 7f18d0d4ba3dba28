package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One job taken through every runtime transition by a Gantry that halts there (as by SIGKILL,
 * {@code gantry.test.halt-at}) each time: halted when it was submitted, started again and
 * halted once its task was admitted, then once launching, running and ending; a last start
 * finishes it. The job ends once and its task ran once.
 */
class RuntimeHaltsIT {

    private static final Duration WAIT = Duration.ofMinutes(3);

    @TempDir
    static Path dir;

    @Test
    void a_job_halted_at_each_transition_in_turn_ends_once_and_its_task_runs_once() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path marks = Files.createDirectories(dir.resolve("marks"));
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path data = dir.resolve("data");
        Path log = dir.resolve("gantry.log");
        String name = name("halts");
        Path mark = marks.resolve(name);
        // the task runs until told to end, so that it still runs at the "running" halt however slow a start is
        Path go = marks.resolve(name + ".go");
        String user = null;
        for (String transition : List.of("submitted", "admitted", "launching", "running", "ending")) {
            if (transition.equals("ending")) {
                Files.writeString(go, "");
            }
            Map<String, String> properties = Map.of("gantry.test.halt-at", transition,
                    "gantry.runtime.reconcile-interval", "1s");
            // after the submission, a restarted Gantry may reach the next transition before it answers
            try (GantryProcess gantry = user == null ? GantryProcess.start(data, log, properties)
                    : GantryProcess.spawn(data, log, properties)) {
                if (user == null) {
                    RestClient alice = RestClient.newUser(gantry.port(), "halt");
                    user = alice.username();
                    try {
                        alice.postYaml("/api/v2/jobs", job(name, "resourcePerInstance: {cpu: 1, memoryMB: 64}",
                                "echo run >> " + mark, "while [ ! -e " + go + " ]; do sleep 0.2; done"));
                    } catch (RuntimeException e) {
                        // halted before it answered: the submission was committed all the same
                    }
                }
                assertThat(gantry.awaitExit(Duration.ofMinutes(4))).as("halted at " + transition).isEqualTo(137);
            }
        }
        try (GantryProcess last = GantryProcess.start(data, log, Map.of("gantry.runtime.reconcile-interval", "1s"))) {
            RestClient alice = RestClient.anonymous(last.port()).login(user, "pw-" + user);
            assertThat(await(alice, user, name, ended(), WAIT).at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        }
        assertThat(Files.readAllLines(mark)).as("runs").containsExactly("run");
        assertThat(Files.readString(log)).contains("Halting at submitted", "Halting at admitted",
                "Halting at launching", "Halting at running", "Halting at ending");
    }
}
