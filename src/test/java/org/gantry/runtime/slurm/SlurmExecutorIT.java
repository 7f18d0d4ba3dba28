package org.gantry.runtime.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.Launches.assertClosedToOthers;
import static org.gantry.runtime.Launches.awaitFinal;
import static org.gantry.runtime.Launches.awaitLog;
import static org.gantry.runtime.Launches.launch;
import static org.gantry.runtime.Launches.log;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.AttemptShell;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogStream;
import org.gantry.runtime.OpenSshServer;
import org.gantry.runtime.Resources;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.SlurmCluster;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.TaskObservation.Phase;
import org.gantry.runtime.hosts.SshTarget;
import org.gantry.runtime.local.LocalExecutor;
import org.gantry.runtime.ssh.MinaSshClients;
import org.gantry.terminal.TaskShellTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Slurm executor against a real one-node slurmctld + slurmd, locally and through a login node over SSH. */
class SlurmExecutorIT {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    static Path dir;

    private static SlurmCluster slurm;
    private static OpenSshServer sshd;
    private static MinaSshClients clients;
    private static SshTarget login;
    private static SlurmExecutor executor;
    private static RuntimeProperties.Slurm settings;
    private static LocalExecutor local;

    @BeforeAll
    static void startCluster() throws Exception {
        assumeThat(SlurmCluster.missing()).as("Slurm needs these").isEmpty();
        // task accounts and the ssh login must pass through the test's directory
        java.nio.file.Files.setPosixFilePermissions(dir,
                java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        slurm = SlurmCluster.start(dir.resolve("slurm"));
        java.nio.file.Files.createDirectories(dir.resolve("sshd"));
        sshd = OpenSshServer.start(dir.resolve("sshd"), Map.of("SLURM_CONF", slurm.conf().toString()));
        login = new SshTarget("login", "127.0.0.1", sshd.port(), sshd.user(), sshd.clientKey(), ".gantry");
        clients = new MinaSshClients(dir.resolve("known_hosts"), Duration.ofSeconds(10), Duration.ofSeconds(30));
        local = new LocalExecutor(dir.resolve("data"), dir.resolve("data/tasks"), new RuntimeProperties.Local(
                null, null, 0, true, RuntimeProperties.TaskAccounts.PER_USER, "gantry-task",
                "gantry-", "auto", null, Duration.ofDays(30), 0), true);
        settings = new RuntimeProperties.Slurm(slurm.conf(), null,
                ".gantry/slurm-test-" + UUID.randomUUID());
        executor = newExecutor();
    }

    private static SlurmExecutor newExecutor() {
        return new SlurmExecutor(settings, Duration.ofSeconds(30), local,
                alias -> alias.equals("login") ? Optional.of(login) : Optional.empty(), clients::shell);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (clients != null) {
            clients.close();
        }
        if (sshd != null) {
            sshd.close();
            new ProcessBuilder("rm", "-rf", sshd.home().resolve(settings.remoteBaseDir()).toString()).start().waitFor();
        }
        if (slurm != null) {
            slurm.close();
        }
    }

    @Test
    void the_largest_node_is_what_sinfo_reports_locally_and_through_the_login_node() throws Exception {
        assertThat(executor.largestNode("debug")).contains(new Resources(2, 2048, 0));
        assertThat(executor.largestNode("login:debug")).contains(new Resources(2, 2048, 0));
    }

    @Test
    void a_batch_job_runs_as_the_task_account_and_its_output_comes_back() throws Exception {
        ExecutionHandle handle = executor.submit("debug", launch("alice", "hello-slurm",
                "echo \"hello $PAI_JOB_NAME as $(id -un) job $SLURM_JOB_ID\"\necho warn >&2\nexit 5\n"));

        TaskObservation end = awaitFinal(executor, handle, WAIT);

        assertThat(end.phase()).isEqualTo(Phase.FAILED);
        assertThat(end.exitCode()).hasValue(5);
        assertThat(end.node()).isPresent();
        assertThat(log(executor, handle, LogStream.STDOUT))
                .isEqualTo("hello hello-slurm as gantry-alice job " + handle.externalId() + "\n");
        assertThat(log(executor, handle, LogStream.STDERR)).isEqualTo("warn\n");
    }

    @Test
    void the_clusters_nodes_are_listed_with_their_capacity_locally_and_through_a_login_node() throws Exception {
        // Bug: the Kubernetes node list (GET /api/v2/kubernetes/nodes) could not show Slurm's nodes
        for (String target : List.of("debug", "login:debug")) {
            List<SlurmExecutor.SlurmNode> nodes = executor.nodes(target);
            assertThat(nodes).as(target).hasSize(1);
            assertThat(nodes.get(0).name()).isEqualTo("localhost");
            assertThat(nodes.get(0).capacity()).isEqualTo(new Resources(2, 2048, 0));
            assertThat(nodes.get(0).ready()).as(nodes.get(0).state()).isTrue();
        }
        assertThat(SlurmExecutor.gpus("gpu:a100:4(S:0-1),gpu:2")).isEqualTo(6);
        assertThat(SlurmExecutor.gpus("(null)")).isZero();
    }

    @Test
    void a_batch_job_is_submitted_through_a_login_node_over_ssh() throws Exception {
        ExecutionHandle handle = executor.submit("login:debug", launch("alice", "via-login",
                "echo \"hello as $(id -un) in $PAI_WORK_DIR\"\n"));

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("hello as " + sshd.user() + " in "
                + sshd.home().resolve(settings.remoteBaseDir()).resolve("alice/via-login/main-0/attempt-1/work") + "\n");
        assertClosedToOthers(sshd.home().resolve(settings.remoteBaseDir()).resolve("alice/via-login"));
    }

    @Test
    void a_batch_jobs_files_are_readable_by_its_account_only() throws Exception {
        // Bug: slurm.out and runner.log were created with the submitter's umask, readable by every account
        ExecutionHandle handle = executor.submit("debug", launch("alice", "private-slurm",
                "echo notes >notes.txt\necho done\n"));

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);

        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("done\n");
        assertClosedToOthers(Path.of(handle.workDir()));
    }

    @Test
    void a_job_waiting_for_resources_is_queued_with_slurms_reason() throws Exception {
        ExecutionHandle big = executor.submit("debug", launch(new AttemptRef("alice", "big", "main", 0, 1),
                "echo started\nsleep 3\n", new Resources(2, 512, 0)));
        awaitLog(executor, big, LogStream.STDOUT, "started", WAIT);
        ExecutionHandle waiting = executor.submit("debug", launch(new AttemptRef("alice", "waiting", "main", 0, 1),
                "echo ran\n", new Resources(2, 512, 0)));

        TaskObservation queued = executor.observe(waiting);

        assertThat(queued.phase()).isEqualTo(Phase.QUEUED);
        assertThat(queued.diagnostics()).hasValueSatisfying(d -> assertThat(d).contains("PENDING"));
        assertThat(awaitFinal(executor, waiting, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(awaitFinal(executor, big, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
    }

    @Test
    void stop_cancels_the_job() throws Exception {
        ExecutionHandle handle = executor.submit("debug", launch("alice", "stop-slurm",
                "echo started\nsleep 300\n"));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);

        executor.stop(handle, Duration.ofSeconds(1));

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.STOPPED);
    }

    @Test
    void a_running_job_is_found_again_by_a_restarted_executor() throws Exception {
        AttemptRef ref = new AttemptRef("alice", "restart-slurm", "main", 0, 1);
        ExecutionHandle handle = executor.submit("debug", launch(ref, "echo started\nsleep 3\necho done\n",
                new Resources(1, 256, 0)));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);

        SlurmExecutor restarted = newExecutor();

        assertThat(restarted.reattach("debug", ref).handle()).contains(handle);
        assertThat(restarted.observe(handle).phase()).isEqualTo(Phase.RUNNING);
        assertThat(awaitFinal(restarted, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(restarted, handle, LogStream.STDOUT)).isEqualTo("started\ndone\n");
    }

    @Test
    void a_job_running_through_a_controller_restart_ends_once_and_a_submission_meanwhile_never_runs()
            throws Exception {
        ExecutionHandle handle = executor.submit("debug", launch("alice", "ctld-restart",
                "echo run >>runs\necho started\nsleep 4\necho done\n"));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);
        AttemptRef meanwhile = new AttemptRef("alice", "ctld-down", "main", 0, 1);

        CountDownLatch back = new CountDownLatch(1);
        executor.onChange(back::countDown);

        slurm.stopController();
        try {
            assertThatThrownBy(() -> executor.observe(handle)).isInstanceOfSatisfying(ExecutorException.class,
                    e -> assertThat(e.isUnreachable()).as(e.getMessage()).isTrue());
            assertThatThrownBy(() -> executor.checkAvailable("debug")).isInstanceOfSatisfying(
                    ExecutorException.class, e -> assertThat(e.isUnreachable()).as(e.getMessage()).isTrue());
            assertThatThrownBy(() -> executor.submit("debug", launch(meanwhile, "echo ran\n",
                    new Resources(1, 64, 0)))).isInstanceOfSatisfying(ExecutorException.class,
                    e -> assertThat(e.isPermanent()).as(e.getMessage()).isFalse());
        } finally {
            slurm.startController();
        }
        assertThat(back.await(WAIT.toSeconds(), TimeUnit.SECONDS)).as("woken when slurmctld answers again").isTrue();

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("started\ndone\n");
        assertThat(new String(executor.read(handle, "work/runs", 0, 100).data())).isEqualTo("run\n");
        assertThat(executor.reattach("debug", meanwhile).wasStarted()).isFalse();
    }

    @Test
    void an_attempt_never_submitted_is_fenced() throws Exception {
        AttemptRef ref = new AttemptRef("alice", "never-slurm", "main", 0, 1);

        assertThat(executor.reattach("debug", ref).wasStarted()).isFalse();
        assertThat(executor.reattach("debug", ref).wasStarted()).isFalse();
    }

    @Test
    void a_shell_opens_in_the_job_from_this_host_as_the_task_account_or_from_the_login_node_as_its_login()
            throws Exception {
        AttemptShell shell = new AttemptShell("alice", "/attempt/work", Map.of("GANTRY_USER", "alice"),
                Optional.of("/attempt/work/.gantry/shell-env.sh"), dir.resolve("known_hosts"));

        TaskShellTarget.Slurm here = (TaskShellTarget.Slurm) executor.shell(
                new ExecutionHandle(SlurmExecutor.KIND, "debug", "42", "/attempt"), shell);
        assertThat(here.slurmJobId()).isEqualTo("42");
        assertThat(here.loginNode()).isEmpty();
        assertThat(here.osAccount()).isEqualTo(local.accountName("alice"));
        assertThat(here.workingDirectory()).contains("/attempt/work");
        assertThat(here.environment()).containsEntry("GANTRY_USER", "alice")
                .containsEntry("SLURM_CONF", slurm.conf().toString());
        assertThat(here.initScript()).contains("/attempt/work/.gantry/shell-env.sh");

        TaskShellTarget.Slurm viaLogin = (TaskShellTarget.Slurm) executor.shell(
                new ExecutionHandle(SlurmExecutor.KIND, "login:debug", "43", "/attempt"), shell);
        assertThat(viaLogin.osAccount()).isEqualTo(sshd.user());
        assertThat(viaLogin.loginNode().orElseThrow().port()).isEqualTo(sshd.port());
        assertThat(viaLogin.loginNode().orElseThrow().knownHosts()).contains(dir.resolve("known_hosts"));
        assertThat(viaLogin.environment()).doesNotContainKey("SLURM_CONF");
    }
}
