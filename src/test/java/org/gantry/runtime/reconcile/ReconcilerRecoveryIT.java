package org.gantry.runtime.reconcile;

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
import java.util.Optional;
import java.util.Set;
import org.gantry.job.JobRunService;
import org.gantry.testsupport.TestSecurity;
import org.gantry.runtime.local.LocalExecutor;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Launches;
import org.gantry.runtime.Resources;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.security.GroupService;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * A claim left without a handle by a Gantry that died mid-launch (decision 0005) is settled,
 * never relaunched blindly: fenced when its runner never started, followed when it did.
 * The crashed Gantry is played by claiming an attempt under another instance's name.
 */
@RuntimeSpringTest
class ReconcilerRecoveryIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Autowired
    RuntimeStore store;

    @Autowired
    JobRunService jobRuns;

    @Autowired
    GroupService groups;

    @Autowired
    LocalExecutor local;

    @Autowired
    Reconciler reconciler;

    @TempDir
    Path marks;

    RestClient alice;
    String user;
    String cluster;

    @BeforeEach
    void holdingCluster() throws Exception {
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        alice = RestClient.newUser(port, "alice");
        user = alice.username();
        cluster = "held-" + Long.toString(System.nanoTime(), 36);
        asAdmin(() -> {
            // a quota of 0 cpu: the reconciler admits nothing here until the test lifts it
            groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(cluster, "", "local", "", 0, null, null));
            groups.saveGroup("default", "Everyone", clusterNames(cluster));
        });
    }

    @AfterEach
    void signOut() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void a_claim_whose_runner_never_started_is_fenced_and_the_task_runs_once_in_a_new_attempt() throws Exception {
        String name = submit("echo run >> " + marks.resolve("runs"));
        long taskId = jobRuns.taskId(user, name, "main", 0);
        long jobId = jobId(name);

        claimAsCrashedGantry(jobId, taskId);
        awaitAttemptEnded(taskId, 1);
        asAdmin(() -> groups.saveVirtualCluster(new GroupService.VirtualClusterSettings(cluster, "", "local", "",
                null, null, null)));

        assertThat(await(alice, user, name, ended(), WAIT).at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        Path attempts = local.tasksDir().resolve(user).resolve(name).resolve("main-0");
        assertThat(Files.readString(attempts.resolve("attempt-1/runner.pid")).trim()).isEqualTo("fenced");
        assertThat(attempts.resolve("attempt-2/exit-code")).content().isEqualTo("0\n");
        assertThat(Files.readAllLines(marks.resolve("runs"))).containsExactly("run");
    }

    @Test
    void a_claim_whose_runner_did_start_is_followed_not_relaunched() throws Exception {
        String name = submit("echo run >> " + marks.resolve("runs"));
        long taskId = jobRuns.taskId(user, name, "main", 0);
        long jobId = jobId(name);
        // the crashed Gantry got as far as starting the runner, not as far as recording it
        local.submit("", Launches.launch(new AttemptRef(user, name, "main", 0, 1),
                "echo run >> " + marks.resolve("runs") + "\nsleep 1\n", new Resources(1, 256, 0)));

        claimAsCrashedGantry(jobId, taskId);

        assertThat(await(alice, user, name, ended(), WAIT).at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(Files.readAllLines(marks.resolve("runs"))).containsExactly("run");
        assertThat(store.launchedAttempt(taskId, java.util.Optional.empty(), java.util.Optional.empty()))
                .hasValueSatisfying(a -> assertThat(a.getAttempt()).isEqualTo(1));
    }

    // Bug: a pass read an attempt as LAUNCHING, its launch was recorded (running) before the pass
    // looked at the launches in flight, and the pass settled it as never started: the attempt
    // ended, its task stayed RUNNING with nothing following it, and the job never ended
    @Test
    void an_attempt_whose_launch_was_recorded_after_a_pass_read_it_is_not_settled_as_never_started()
            throws Exception {
        String name = submit("echo run >> " + marks.resolve("runs"));
        long taskId = jobRuns.taskId(user, name, "main", 0);
        long jobId = jobId(name);
        synchronized (reconciler) {  // no pass meanwhile: the test plays the pass that read too early
            claimAsCrashedGantry(jobId, taskId);
            TaskAttempt readByThePass = store.active().stream().filter(a -> a.getTaskId() == taskId).findFirst()
                    .orElseThrow();
            assertThat(readByThePass.getState()).isEqualTo(TaskAttempt.State.LAUNCHING);
            ExecutionHandle handle = local.submit("", Launches.launch(new AttemptRef(user, name, "main", 0, 1),
                    "echo run >> " + marks.resolve("runs") + "\nsleep 1\n", new Resources(1, 256, 0)));
            store.launched(readByThePass.getId(), handle, Optional.of("node"));

            assertThat(store.neverStarted(readByThePass.getId(), "never started: Gantry stopped before launching it",
                    RuntimeStore.Fate.RELAUNCH)).isFalse();
        }

        assertThat(await(alice, user, name, ended(), WAIT).at("/jobStatus/state").asText()).isEqualTo("SUCCEEDED");
        assertThat(Files.readAllLines(marks.resolve("runs"))).containsExactly("run");
    }

    private void claimAsCrashedGantry(long jobId, long taskId) {
        store.claim(jobId, 0, List.of(new RuntimeStore.Claim(taskId, 0, "local", "", new Resources(1, 256, 0),
                "127.0.0.1", Map.of())), "a-gantry-that-died");
    }

    private void awaitAttemptEnded(long taskId, int attempt) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            boolean active = store.active().stream().anyMatch(a -> a.getTaskId() == taskId && a.getAttempt() == attempt);
            if (!active) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("attempt " + attempt + " of task " + taskId + " was not settled");
    }

    private String submit(String command) {
        String yaml = job(name("recover"), "", command).replace("type: job\n",
                "type: job\ndefaults:\n  virtualCluster: " + cluster + "\n");
        var response = alice.postYaml("/api/v2/jobs", yaml);
        assertThat(response.status()).as(response.toString()).isEqualTo(202);
        return yaml.lines().filter(l -> l.startsWith("name: ")).findFirst().orElseThrow().substring(6);
    }

    private long jobId(String name) {
        return jobRuns.unfinishedJobs().stream().filter(j -> j.name().equals(name)).findFirst().orElseThrow().id();
    }

    private List<String> clusterNames(String extra) {
        java.util.Set<String> names = new java.util.TreeSet<>(Set.of(extra));
        groups.groups().stream().filter(g -> g.getName().equals("default")).findFirst()
                .ifPresent(g -> g.getVirtualClusters().forEach(vc -> names.add(vc.getName())));
        return List.copyOf(names);
    }

    private static void asAdmin(Runnable action) {
        TestSecurity.asAdmin(action);
    }
}
