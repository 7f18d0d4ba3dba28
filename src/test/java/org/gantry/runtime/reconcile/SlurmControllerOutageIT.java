package org.gantry.runtime.reconcile;

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
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.SlurmCluster;
import org.gantry.runtime.local.LocalExecutor;
import org.gantry.runtime.slurm.SlurmExecutor;
import org.gantry.security.GroupService;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * slurmctld stopped as a restart stops it (SIGTERM) and started again while Gantry's runtime
 * follows tasks on the tests' one-node Slurm: a task running through the outage is neither
 * failed nor run again and its end is recorded once the controller answers; a task submitted
 * meanwhile waits and runs once, in its first attempt (decision 0095).
 */
@RuntimeSpringTest
class SlurmControllerOutageIT {

    private static final Duration WAIT = Duration.ofSeconds(120);

    private static Path dir;
    private static SlurmCluster slurm;

    @LocalServerPort
    int port;

    @Autowired
    Reconciler reconciler;

    @Autowired
    LocalExecutor local;

    @Autowired
    GroupService groups;

    @Autowired
    SlurmExecutor executor;

    RestClient alice;
    String user;
    String cluster;
    Path marks;

    @BeforeAll
    static void requireSlurm() {
        assumeThat(SlurmCluster.missing()).as("Slurm needs these").isEmpty();
    }

    @DynamicPropertySource
    static void slurmConf(DynamicPropertyRegistry registry) {
        registry.add("gantry.runtime.slurm.conf", () -> cluster().conf().toString());
    }

    /** Started when the context first asks for its configuration, after the assumption above. */
    private static synchronized SlurmCluster cluster() {
        if (slurm == null) {
            try {
                dir = Files.createTempDirectory("gantry-slurmctld-outage");
                // task accounts pass through it to their job's directory
                Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
                slurm = SlurmCluster.start(dir.resolve("slurm"));
            } catch (Exception e) {
                throw new IllegalStateException("cannot start Slurm", e);
            }
        }
        return slurm;
    }

    @AfterAll
    static void stopSlurm() throws Exception {
        if (slurm != null) {
            slurm.close();
            new ProcessBuilder("rm", "-rf", dir.toString()).start().waitFor();
        }
    }

    @BeforeEach
    void slurmCluster() throws Exception {
        alice = RestClient.newUser(port, "alice");
        user = alice.username();
        cluster = "hpc-" + Long.toString(System.nanoTime(), 36);
        marks = Files.createTempDirectory(dir, "marks");
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        TestSecurity.asAdmin(() -> {
            groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(cluster, "", "slurm", "debug",
                    null, null, null));
            Set<String> names = new TreeSet<>(Set.of(cluster));
            groups.groups().stream().filter(g -> g.getName().equals("default")).findFirst()
                    .ifPresent(g -> g.getVirtualClusters().forEach(vc -> names.add(vc.getName())));
            groups.saveGroup("default", "Everyone", List.copyOf(names));
        });
    }

    @Test
    void a_task_running_through_a_controller_outage_is_not_failed_runs_once_and_ends_after_it_returns()
            throws Exception {
        String name = submit("echo run >> " + marks.resolve("runs"), "sleep 5");
        await(alice, user, name, state("RUNNING"), WAIT);

        slurm.stopController();
        Instant back;
        try {
            awaitControllerDown();
            reconciler.pass();  // observes the task and finds the controller down
            awaitFile(attempt(name, 1).resolve("exit-code"));  // the task ended meanwhile, unseen by slurmctld
            reconciler.pass();
            assertThat(alice.get("/api/v2/jobs/" + user + "~" + name).json().at("/jobStatus/state").asText())
                    .isEqualTo("RUNNING");
            back = Instant.now();
        } finally {
            slurm.startController();
        }

        JsonNode job = await(alice, user, name, ended(), WAIT);
        assertThat(job.at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(job.at("/jobStatus/completedTime").asLong()).isGreaterThanOrEqualTo(back.toEpochMilli());
        assertThat(Files.readAllLines(marks.resolve("runs"))).containsExactly("run");
        assertThat(attempts(name)).containsExactly("attempt-1");
    }

    @Test
    void a_task_submitted_while_the_controller_is_down_waits_and_runs_once_in_its_first_attempt() throws Exception {
        // Bug: with no task of the cluster to observe, a pass launched onto a controller that was down: sbatch waited out the Slurm client's retries, failed, and the failed launch counted against the task's five
        slurm.stopController();
        String name;
        try {
            awaitControllerDown();
            name = submit("echo run >> " + marks.resolve("runs"));
            JsonNode waiting = await(alice, user, name, j -> j.at("/taskRoles/main/taskStatuses/0/waitingReason")
                    .asText().startsWith("executor unavailable"), WAIT);
            assertThat(waiting.at("/jobStatus/state").asText()).isEqualTo("WAITING");
        } finally {
            slurm.startController();
        }

        assertThat(await(alice, user, name, ended(), WAIT).at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(Files.readAllLines(marks.resolve("runs"))).containsExactly("run");
        assertThat(attempts(name)).containsExactly("attempt-1");
    }

    private String submit(String... commands) {
        String yaml = job(name("ctld"), "", commands).replace("type: job\n",
                "type: job\ndefaults:\n  virtualCluster: " + cluster + "\n");
        var response = alice.postYaml("/api/v2/jobs", yaml);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return yaml.lines().filter(l -> l.startsWith("name: ")).findFirst().orElseThrow().substring(6);
    }

    /** The task's attempt directory on Gantry's host, where the Slurm executor keeps it. */
    private Path attempt(String name, int attempt) {
        return local.tasksDir().resolve(".slurm").resolve(user).resolve(name).resolve("main-0")
                .resolve("attempt-" + attempt);
    }

    private List<String> attempts(String name) throws Exception {
        try (Stream<Path> listed = Files.list(attempt(name, 1).getParent())) {
            return listed.map(p -> p.getFileName().toString()).filter(f -> f.startsWith("attempt-")).sorted()
                    .toList();
        }
    }

    /** Until the executor's probe has found the stopped controller down (at most one probe interval). */
    private void awaitControllerDown() throws InterruptedException {
        Instant end = Instant.now().plus(WAIT);
        while (true) {
            try {
                executor.checkAvailable("debug");
            } catch (ExecutorException e) {
                assertThat(e.isUnreachable()).as(e.getMessage()).isTrue();
                return;
            }
            assertThat(Instant.now()).as("waiting for the controller to be found down").isBefore(end);
            Thread.sleep(100);
        }
    }

    private static void awaitFile(Path file) throws InterruptedException {
        Instant end = Instant.now().plus(WAIT);
        while (!Files.exists(file)) {
            assertThat(Instant.now()).as("waiting for " + file).isBefore(end);
            Thread.sleep(200);
        }
    }
}
