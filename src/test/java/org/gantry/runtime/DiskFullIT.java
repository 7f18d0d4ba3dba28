package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.SmallDisk;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local tasks' file system full (a small tmpfs, filled to its last byte) while a task runs:
 * submissions are refused with 503 and DiskFullError (never a 500, never a 202), nothing of a
 * refused job is stored, the task that ended while the disk was full is recorded once space
 * returns, and jobs are accepted and run again.
 */
class DiskFullIT {

    private static final Duration WAIT = Duration.ofMinutes(3);

    @TempDir
    static Path dir;

    @Test
    void a_full_disk_refuses_submissions_clearly_and_work_resumes_when_space_returns() throws Exception {
        assumeThat(System.getProperty("user.name")).as("mounting a tmpfs needs root").isEqualTo("root");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path gate = Files.createDirectories(dir.resolve("gate"));
        Files.setPosixFilePermissions(gate, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path tasks = Files.createDirectories(dir.resolve("tasks"));
        SmallDisk disk = SmallDisk.mount(tasks, "16m");
        try (GantryProcess gantry = GantryProcess.start(dir.resolve("data"), GantryProcess.freshLog("disk-full-it"),
                Map.of("gantry.runtime.local.tasks-dir", tasks.toString(), "gantry.disk.min-free", "4MB"))) {
            RestClient alice = RestClient.newUser(gantry.port(), "disk");
            String user = alice.username();
            String through = name("through-full-disk");
            alice.submit(job(through, "", "echo started",
                    "while [ ! -e " + gate.resolve("go") + " ]; do sleep 0.2; done", "exit 0"));
            await(alice, user, through, state("RUNNING"), WAIT);

            disk.fill();

            String refused = name("refused");
            RestClient.Response response = alice.postYaml("/api/v2/jobs", job(refused, "", "echo never"));
            assertThat(response.status()).as(response.toString()).isEqualTo(503);
            assertThat(response.retryAfter()).isPresent();
            assertThat(response.json().path("code").asText()).isEqualTo("DiskFullError");
            assertThat(response.json().path("message").asText()).contains("is full").contains(tasks.toString())
                    .contains("gantry.disk.min-free");
            assertThat(alice.get("/api/v2/jobs/" + user + "~" + refused).status()).as("nothing stored").isEqualTo(404);
            assertThat(alice.get("/api/v2/jobs?username=" + user).status()).as("reads still work").isEqualTo(200);

            // the task ends while its exit code cannot be written: it must not be reported failed
            Files.createFile(gate.resolve("go"));
            long until = System.nanoTime() + Duration.ofSeconds(4).toNanos();
            while (System.nanoTime() < until) {
                assertThat(alice.get("/api/v2/jobs/" + user + "~" + through).json().at("/jobStatus/state").asText())
                        .isEqualTo("RUNNING");
                Thread.sleep(500);
            }

            disk.free();
            JsonNode ended = await(alice, user, through, ended(), WAIT);
            assertThat(ended.at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
            String after = name("after-full-disk");
            alice.submit(job(after, "", "echo room again"));
            assertThat(await(alice, user, after, ended(), WAIT).at("/jobStatus/state").asText())
                    .isEqualTo("SUCCEEDED");
        } finally {
            disk.close();
        }
    }
}
