package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gantry as users run it, in its own JVM: killed with SIGKILL while local and Slurm tasks run,
 * started again on the same data directory, it follows them to their end; none runs twice.
 */
class GantryRestartIT {

    private static final Duration WAIT = Duration.ofMinutes(3);

    @TempDir
    static Path dir;

    private static SlurmCluster slurm;

    @BeforeAll
    static void startSlurm() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        if (SlurmCluster.missing().isEmpty()) {
            slurm = SlurmCluster.start(dir.resolve("slurm"));
        }
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        if (slurm != null) {
            slurm.close();
        }
    }

    @Test
    void tasks_running_through_a_kill_9_are_followed_to_their_end_and_run_once() throws Exception {
        Path marks = Files.createDirectories(dir.resolve("marks"));
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path data = dir.resolve("data");
        Path log = dir.resolve("gantry.log");
        Map<String, String> properties = new HashMap<>();
        if (slurm != null) {
            properties.put("gantry.runtime.slurm.conf", slurm.conf().toString());
        }
        List<String> jobs = new java.util.ArrayList<>();
        String user;
        try (GantryProcess first = GantryProcess.start(data, log, properties)) {
            RestClient alice = RestClient.newUser(first.port(), "alice");
            user = alice.username();
            if (slurm != null) {
                addSlurmCluster(first);
            }
            for (int i = 0; i < 3; i++) {
                jobs.add(submit(alice, job(name("through-crash"), "", "echo started",
                        "echo run >> " + marks.resolve("local-" + i), "sleep 8", "echo done")));
            }
            if (slurm != null) {
                jobs.add(submit(alice, job(name("slurm-through-crash"), "", "echo started",
                        "echo run >> " + marks.resolve("slurm"), "sleep 10", "echo done")
                        .replace("type: job\n", "type: job\ndefaults:\n  virtualCluster: hpc\n")));
            }
            for (String name : jobs) {
                await(alice, user, name, state("RUNNING"), WAIT);
            }
            first.kill9();
        }

        try (GantryProcess second = GantryProcess.start(data, log, properties)) {
            RestClient alice = RestClient.anonymous(second.port()).login(user, "pw-" + user);
            for (String name : jobs) {
                JsonNode job = await(alice, user, name, ended(), WAIT);
                assertThat(job.at("/jobStatus/state").asText()).as(name).isEqualTo("SUCCEEDED");
                assertThat(alice.get(stdout(user, name)).body()).as(name).contains("started\n").contains("done\n");
            }
        }
        try (var files = Files.list(marks)) {
            for (Path mark : files.toList()) {
                assertThat(Files.readAllLines(mark)).as("runs of " + mark.getFileName()).containsExactly("run");
            }
        }
        try (var files = Files.list(marks)) {
            assertThat(files.count()).isEqualTo(jobs.size());
        }
    }

    private static String submit(RestClient client, String yaml) {
        RestClient.Response response = client.postYaml("/api/v2/jobs", yaml);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return yaml.lines().filter(l -> l.startsWith("name: ")).findFirst().orElseThrow().substring(6);
    }

    private static String stdout(String user, String name) {
        return "/api/v2/jobs/" + user + "~" + name + "/attempts/0/taskRoles/main/taskIndex/0/attempts/0/logs/stdout";
    }

    /** A virtual cluster served by Slurm, granted to everyone: what an admin sets up in the admin view. */
    private static void addSlurmCluster(GantryProcess gantry) throws Exception {
        try (Connection db = gantry.database(); Statement sql = db.createStatement()) {
            sql.executeUpdate("insert into virtual_cluster (name, description, executor, executor_target)"
                    + " values ('hpc', 'Slurm', 'slurm', 'debug')");
            sql.executeUpdate("insert into group_virtual_cluster (group_id, virtual_cluster_id) select g.id, v.id"
                    + " from app_group g, virtual_cluster v where g.name = 'default' and v.name = 'hpc'");
        }
    }
}
