package org.gantry.runtime.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.Launches.assertClosedToOthers;
import static org.gantry.runtime.Launches.awaitFinal;
import static org.gantry.runtime.Launches.awaitLog;
import static org.gantry.runtime.Launches.launch;
import static org.gantry.runtime.Launches.log;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.AttemptShell;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogStream;
import org.gantry.runtime.OpenSshServer;
import org.gantry.runtime.SilentLink;
import org.gantry.runtime.runner.RemoteShell;
import org.gantry.runtime.TaskObservation.Phase;
import org.gantry.runtime.hosts.SshTarget;
import org.gantry.terminal.TaskShellTarget;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The SSH executor against Debian's OpenSSH server on a loopback port. */
class SshExecutorIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    static Path dir;

    private static OpenSshServer sshd;
    private static SshTarget target;
    private static MinaSshClients clients;
    private static SshExecutor executor;

    @BeforeAll
    static void startServer() throws Exception {
        assumeThat(OpenSshServer.available()).as("needs Debian's openssh-server (/usr/sbin/sshd)").isTrue();
        sshd = OpenSshServer.start(dir);
        target = new SshTarget("lab", "127.0.0.1", sshd.port(), sshd.user(), sshd.clientKey(),
                ".gantry-test-" + UUID.randomUUID());
        clients = new MinaSshClients(dir.resolve("known_hosts"), Duration.ofSeconds(10), Duration.ofSeconds(30));
        executor = new SshExecutor(alias -> Optional.ofNullable(Map.of("lab", target).get(alias)), clients);
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (clients != null) {
            clients.close();
        }
        if (sshd != null) {
            sshd.close();
            deleteTree(sshd.home().resolve(target.baseDir()));
        }
    }

    @Test
    void a_task_runs_on_the_host_and_its_output_comes_back() throws Exception {
        ExecutionHandle handle = executor.submit("lab", launch("alice", "hello-ssh",
                "echo \"hello $PAI_JOB_NAME as $(id -un) in $PAI_WORK_DIR\"\necho warn >&2\nexit 4\n"));

        var end = awaitFinal(executor, handle, WAIT);

        assertThat(end.phase()).isEqualTo(Phase.FAILED);
        assertThat(end.exitCode()).hasValue(4);
        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("hello hello-ssh as " + sshd.user() + " in "
                + sshd.home().resolve(target.baseDir()).resolve("tasks/alice/hello-ssh/main-0/attempt-1/work") + "\n");
        assertThat(log(executor, handle, LogStream.STDERR)).isEqualTo("warn\n");
        assertThat(Files.readString(dir.resolve("known_hosts"))).contains("127.0.0.1");
    }

    @Test
    void an_attempts_files_on_the_host_are_readable_by_the_login_only() throws Exception {
        // Bug: runner.log was created with the login's umask, readable by every account on the host
        ExecutionHandle handle = executor.submit("lab", launch("alice", "private-ssh",
                "echo notes >notes.txt\necho done\n"));

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);

        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("done\n");
        assertClosedToOthers(sshd.home().resolve(target.baseDir()).resolve("tasks/alice/private-ssh"));
    }

    @Test
    void logs_can_be_followed_while_the_task_runs() throws Exception {
        ExecutionHandle handle = executor.submit("lab", launch("alice", "tail-ssh",
                "for i in 1 2 3; do echo line $i; sleep 0.5; done\n"));

        String early = awaitLog(executor, handle, LogStream.STDOUT, "line 1", WAIT);

        assertThat(early).doesNotContain("line 3");
        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        var tail = executor.logs(handle, LogStream.STDOUT, early.length(), 1024);
        assertThat(early + new String(tail.data())).isEqualTo("line 1\nline 2\nline 3\n");
    }

    @Test
    void stop_ends_the_task_on_the_host() throws Exception {
        ExecutionHandle handle = executor.submit("lab", launch("alice", "stop-ssh",
                "trap '' TERM\necho started\nsleep 300 &\nwait\nwhile :; do sleep 1; done\n"));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);

        executor.stop(handle, Duration.ofSeconds(1));

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.STOPPED);
    }

    @Test
    void a_task_is_followed_by_a_new_client_after_a_restart() throws Exception {
        ExecutionHandle handle = executor.submit("lab", launch("alice", "restart-ssh",
                "echo started\nsleep 2\necho done\n"));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);

        try (MinaSshClients fresh = new MinaSshClients(dir.resolve("known_hosts"), Duration.ofSeconds(10),
                Duration.ofSeconds(30))) {
            SshExecutor restarted = new SshExecutor(alias -> Optional.of(target), fresh);
            AttemptRef ref = new AttemptRef("alice", "restart-ssh", "main", 0, 1);
            assertThat(restarted.reattach("lab", ref).handle()).contains(handle);
            assertThat(restarted.observe(handle).phase()).isEqualTo(Phase.RUNNING);
            assertThat(awaitFinal(restarted, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
            assertThat(log(restarted, handle, LogStream.STDOUT)).isEqualTo("started\ndone\n");
        }
    }

    @Test
    void a_task_running_through_a_cut_link_is_found_again_and_ends_once() throws Exception {
        ExecutionHandle handle = executor.submit("lab", launch("alice", "cut-ssh",
                "echo run >>runs\necho started\nsleep 3\necho done\n"));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);

        sshd.cut(false);
        try {
            assertThatThrownBy(() -> executor.observe(handle)).isInstanceOfSatisfying(ExecutorException.class,
                    e -> assertThat(e.isUnreachable()).isTrue());
        } finally {
            sshd.listenAgain();
        }

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("started\ndone\n");
        assertThat(new String(executor.read(handle, "work/runs", 0, 100).data())).isEqualTo("run\n");
    }

    @Test
    void a_command_whose_connection_is_killed_is_the_host_unreachable_not_a_result() throws Exception {
        // Bug: a command whose connection was killed came back as exit status -1, so a launch's prepare failed for good
        RemoteShell shell = clients.shell(target);
        Path started = sshd.home().resolve(target.baseDir()).resolve("killed-command-started");
        shell.run("mkdir -p " + target.baseDir());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<RemoteShell.ShellResult> running = pool.submit(() -> shell.run(
                    "touch " + target.baseDir() + "/killed-command-started; sleep 20"));
            while (!Files.exists(started)) {
                Thread.sleep(50);
            }

            sshd.cut(true);

            assertThatThrownBy(running::get).hasCauseInstanceOf(ExecutorException.class)
                    .satisfies(e -> assertThat(((ExecutorException) e.getCause()).isUnreachable()).isTrue());
            assertThat(shell.run("echo back").stdout()).isEqualTo("back\n");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_link_that_drops_every_packet_is_found_dead_by_keepalives_and_used_again_when_it_returns()
            throws Exception {
        // Bug: a link that dropped packets without a reset was noticed only at the command timeout
        assumeThat(SilentLink.available()).as("needs root and ip for a network namespace").isTrue();
        Path far = Files.createDirectories(dir.resolve("far"));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (SilentLink link = SilentLink.create(); OpenSshServer farSshd = OpenSshServer.start(far, link);
             // an hour's command timeout: only the keepalives can find the link dead
             MinaSshClients patient = new MinaSshClients(far.resolve("known_hosts"), Duration.ofSeconds(10),
                     Duration.ofHours(1), Duration.ofMillis(500), 3)) {
            SshTarget farTarget = new SshTarget("far", farSshd.address(), farSshd.port(), farSshd.user(),
                    farSshd.clientKey(), target.baseDir());
            RemoteShell shell = patient.shell(farTarget);
            shell.run("mkdir -p " + target.baseDir() + " && rm -f " + target.baseDir() + "/silent-started");
            Path started = farSshd.home().resolve(target.baseDir()).resolve("silent-started");
            Future<RemoteShell.ShellResult> running = pool.submit(() -> shell.run(
                    "touch " + target.baseDir() + "/silent-started; sleep 3600"));
            while (!Files.exists(started)) {
                Thread.sleep(50);
            }

            link.drop();

            assertThatThrownBy(running::get).hasCauseInstanceOf(ExecutorException.class)
                    .satisfies(e -> assertThat(((ExecutorException) e.getCause()).isUnreachable()).isTrue());
            link.restore();
            assertThat(shell.run("echo back").stdout()).isEqualTo("back\n");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void an_attempt_never_launched_is_fenced() throws Exception {
        AttemptRef ref = new AttemptRef("alice", "fence-ssh", "main", 0, 1);

        assertThat(executor.reattach("lab", ref).wasStarted()).isFalse();

        assertThatThrownBy(() -> executor.submit("lab", launch(ref, "echo ran\n", new org.gantry.runtime.Resources(1, 64, 0))))
                .isInstanceOf(ExecutorException.class).hasMessageContaining("claimed already");
    }

    @Test
    void an_unknown_host_alias_is_a_permanent_failure() {
        assertThatThrownBy(() -> executor.submit("nowhere", launch("alice", "lost", "true\n")))
                .isInstanceOfSatisfying(ExecutorException.class, e -> assertThat(e.isPermanent()).isTrue())
                .hasMessageContaining("No SSH host 'nowhere'");
    }

    private static void deleteTree(Path root) throws Exception {
        if (Files.exists(root)) {
            new ProcessBuilder("rm", "-rf", root.toString()).start().waitFor();
        }
    }

    @Test
    void a_shell_opens_on_the_registered_host_as_its_login_and_an_unregistered_one_is_named() {
        AttemptShell shell = new AttemptShell("alice", "tasks/attempt/work", Map.of("GANTRY_USER", "alice"),
                Optional.of("tasks/attempt/work/.gantry/shell-env.sh"), dir.resolve("known_hosts"));

        TaskShellTarget.SshHost host = (TaskShellTarget.SshHost) executor.shell(
                new ExecutionHandle(SshExecutor.KIND, "lab", "1:1", "tasks/attempt"), shell);
        assertThat(host.host().user()).isEqualTo(sshd.user());
        assertThat(host.host().port()).isEqualTo(sshd.port());
        assertThat(host.workingDirectory()).isEqualTo("tasks/attempt/work");
        assertThat(host.environment()).containsEntry("GANTRY_USER", "alice");

        assertThatThrownBy(() -> executor.shell(new ExecutionHandle(SshExecutor.KIND, "gone", "1:1", "x"), shell))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("no SSH host gone is registered");
    }
}
