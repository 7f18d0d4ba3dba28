package org.gantry.runtime.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.runtime.Launches.awaitFinal;
import static org.gantry.runtime.Launches.awaitLog;
import static org.gantry.runtime.Launches.launch;
import static org.gantry.runtime.Launches.log;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.time.Instant;
import org.gantry.base.shell.ShortCommands;
import org.gantry.base.files.DiskSpace;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.runner.RunnerScript;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.LogStream;
import org.gantry.runtime.MeasuredUse;
import org.gantry.runtime.Reattachment;
import org.gantry.runtime.Resources;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TaskLaunch;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.TaskObservation.Phase;
import org.gantry.testsupport.SmallDisk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local executor with real processes, accounts and limits on this machine. */
class LocalExecutorIT {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dataDir;

    private LocalExecutor executor;
    private final List<Map.Entry<LocalExecutor, ExecutionHandle>> submitted = new ArrayList<>();
    private final List<LocalExecutor> created = new ArrayList<>();

    @BeforeEach
    void start() throws Exception {
        executor = executor(RuntimeProperties.TaskAccounts.PER_USER);
    }

    @AfterEach
    void stopLeftovers() throws Exception {
        // a failed assertion must not leave tasks running on the machine
        for (Map.Entry<LocalExecutor, ExecutionHandle> task : submitted) {
            if (!task.getKey().observe(task.getValue()).isFinal()) {
                task.getKey().stop(task.getValue(), Duration.ZERO);
            }
            awaitFinal(task.getKey(), task.getValue(), WAIT);
        }
        created.forEach(LocalExecutor::close);
    }

    private ExecutionHandle submit(LocalExecutor on, TaskLaunch launch) throws Exception {
        ExecutionHandle handle = on.submit("", launch);
        submitted.add(Map.entry(on, handle));
        return handle;
    }

    private LocalExecutor executor(RuntimeProperties.TaskAccounts accounts) throws Exception {
        RuntimeProperties.Local settings = new RuntimeProperties.Local(null, null, 0,
                true, accounts, "gantry-task", "gantry-", "auto", null, Duration.ofDays(30), 2);
        LocalExecutor made = new LocalExecutor(dataDir, dataDir.resolve("tasks"), settings,
                ShortCommands.runningAsRoot());
        created.add(made);
        return made;
    }

    @Test
    void a_task_runs_in_its_own_directory_with_its_output_and_exit_code_kept() throws Exception {
        ExecutionHandle handle = submit(executor, launch("alice", "hello",
                "echo \"hello from $PAI_JOB_NAME $PAI_CURRENT_TASK_ROLE_NAME-$PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX\"\n"
                        + "echo \"dir=$PAI_WORK_DIR pwd=$PWD\"\necho oops >&2\nexit 3\n"));

        TaskObservation end = awaitFinal(executor, handle, WAIT);

        assertThat(end.phase()).isEqualTo(Phase.FAILED);
        assertThat(end.exitCode()).hasValue(3);
        String out = log(executor, handle, LogStream.STDOUT);
        Path work = dataDir.resolve("tasks/alice/hello/main-0/attempt-1/work");
        assertThat(out).contains("hello from hello main-0").contains("dir=" + work + " pwd=" + work);
        assertThat(log(executor, handle, LogStream.STDERR)).isEqualTo("oops\n");
    }

    @Test
    void a_task_flooding_its_output_keeps_the_first_bytes_of_its_log_and_a_marker_and_ends_normally() throws Exception {
        int limit = 1 << 20;
        executor.logLimit(limit);
        // 64 MiB on stdout and 8 MiB on stderr, as fast as the pipe takes them, then a clean exit
        ExecutionHandle handle = submit(executor, launch("alice", "flood",
                "head -c 67108864 /dev/zero | tr '\\0' x\nhead -c 8388608 /dev/zero | tr '\\0' e >&2\n"
                        + "echo gone-after-the-cut\nexit 0\n"));

        TaskObservation end = awaitFinal(executor, handle, WAIT);

        assertThat(end.phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(end.exitCode()).hasValue(0);
        Path attempt = dataDir.resolve("tasks/alice/flood/main-0/attempt-1");
        for (String stream : List.of("stdout.log", "stderr.log")) {
            String kept = Files.readString(attempt.resolve(stream));
            String marker = "\n" + RunnerScript.TRUNCATED_MARKER + " " + limit + " bytes";
            assertThat(kept).as(stream).startsWith(stream.startsWith("stdout") ? "xxxx" : "eeee")
                    .contains(marker).endsWith("discarded]\n").doesNotContain("gone-after-the-cut");
            assertThat(kept.indexOf(marker)).as(stream).isEqualTo(limit);
            assertThat(Files.size(attempt.resolve(stream))).as(stream).isLessThan(limit + 200L);
        }
    }

    @Test
    void a_running_tasks_output_reaches_its_log_at_once_under_a_log_limit() throws Exception {
        // Bug: the log limit's filter (head -c) kept its output in stdio's buffer until 4 KiB or
        // its end, so a task that printed a line and then worked showed an empty log meanwhile.
        executor.logLimit(1 << 20);
        ExecutionHandle handle = submit(executor, launch("alice", "live-log",
                "echo early\necho early-err >&2\nsleep 600\n"));

        awaitLog(executor, handle, LogStream.STDOUT, "early", WAIT);
        awaitLog(executor, handle, LogStream.STDERR, "early-err", WAIT);
        executor.stop(handle, Duration.ofMillis(500));
    }

    @Test
    void a_task_that_leaves_a_process_holding_its_output_ends_with_its_exit_code_and_its_output_under_a_log_limit()
            throws Exception {
        // the filters end only when the left process does (after WAIT); the runner waits 2 s at most
        executor.logLimit(1 << 20);
        ExecutionHandle handle = submit(executor, launch("alice", "left-behind",
                "sleep " + (WAIT.toSeconds() + 30) + " &\necho $! >left.pid\necho before-exit\nexit 5\n"));

        TaskObservation end = awaitFinal(executor, handle, WAIT);

        assertThat(end.exitCode()).hasValue(5);
        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("before-exit\n");
        Path left = dataDir.resolve("tasks/alice/left-behind/main-0/attempt-1/work/left.pid");
        ProcessHandle.of(Long.parseLong(Files.readString(left).strip())).ifPresent(ProcessHandle::destroy);
    }

    @Test
    void a_log_under_the_limit_is_kept_whole_without_a_marker() throws Exception {
        executor.logLimit(1 << 20);
        ExecutionHandle handle = submit(executor, launch("alice", "small-log", "echo out\necho err >&2\nexit 4\n"));

        TaskObservation end = awaitFinal(executor, handle, WAIT);

        assertThat(end.exitCode()).hasValue(4);
        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("out\n");
        assertThat(log(executor, handle, LogStream.STDERR)).isEqualTo("err\n");
    }

    @Test
    void on_a_full_disk_no_task_is_launched_nothing_half_written_stays_and_a_running_task_ends_once_space_returns()
            throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("mounting a tmpfs needs root").isTrue();
        Path tasks = Files.createDirectories(dataDir.resolve("small-tasks"));
        // outside the data directory, which the executor closes to the task accounts
        Path gate = Files.createTempDirectory("gantry-gate");
        Files.setPosixFilePermissions(gate, PosixFilePermissions.fromString("rwxr-xr-x"));
        SmallDisk disk = SmallDisk.mount(tasks, "4m");
        try {
            LocalExecutor small = new LocalExecutor(dataDir, tasks, new RuntimeProperties.Local(null, null, 0,
                    true, RuntimeProperties.TaskAccounts.PER_USER, "gantry-task", "gantry-", "auto", null,
                    Duration.ofDays(30), 0), true).diskSpace(new DiskSpace(1 << 20));
            created.add(small);
            ExecutionHandle running = submit(small, launch("alice", "through-full-disk",
                    "echo started\nwhile [ ! -e " + gate.resolve("go") + " ]; do sleep 0.1; done\n"
                            + "echo after-the-gate || true\nexit 0\n"));
            awaitLog(small, running, LogStream.STDOUT, "started", WAIT);

            disk.fill();

            // a waiting task is not placed, and says why
            assertThatThrownBy(() -> small.placement("", "alice"))
                    .isInstanceOf(ExecutorException.class).hasMessageContaining("is full")
                    .hasMessageContaining("gantry.disk.min-free")
                    .satisfies(e -> assertThat(((ExecutorException) e).isPermanent()).isFalse());
            // a launch that gets past the check anyway fails for now and leaves no half-written attempt
            assertThatThrownBy(() -> small.submit("", launch("alice", "half-written", "echo never\n")))
                    .isInstanceOf(ExecutorException.class).hasMessageContaining("No space left on device");
            assertThat(tasks.resolve("alice/half-written/main-0/attempt-1")).doesNotExist();

            // the running task ends while the disk is full: its exit code cannot be written yet
            Files.createFile(gate.resolve("go"));
            Instant until = Instant.now().plusSeconds(3);
            while (Instant.now().isBefore(until)) {
                assertThat(small.observe(running).isFinal()).as("an end that could not be recorded yet").isFalse();
                Thread.sleep(200);
            }

            disk.free();
            TaskObservation end = awaitFinal(small, running, WAIT);
            assertThat(end.phase()).isEqualTo(Phase.SUCCEEDED);
            assertThat(end.exitCode()).hasValue(0);
            assertThat(small.placement("", "alice")).isNotNull();
            ExecutionHandle after = submit(small, launch("alice", "after-full-disk", "echo room again\n"));
            assertThat(awaitFinal(small, after, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
            assertThat(log(small, after, LogStream.STDOUT)).isEqualTo("room again\n");
        } finally {
            disk.free();
            Files.deleteIfExists(gate.resolve("go"));
            Files.deleteIfExists(gate);
            stopLeftovers();  // its tasks end and its executors close before the file system goes
            submitted.clear();
            created.clear();
            disk.close();
        }
    }

    // Bug: a runner that met a full disk at its claim left runner.pid empty and exited; a restarted
    // Gantry took the empty claim for a runner it could not name and failed the attempt, which never ran.
    @Test
    void on_a_full_disk_neither_a_runner_nor_a_fence_leaves_an_empty_claim_and_the_task_runs_once_space_returns()
            throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("mounting a tmpfs needs root").isTrue();
        Path tasks = Files.createDirectories(dataDir.resolve("small-tasks"));
        SmallDisk disk = SmallDisk.mount(tasks, "4m");
        try {
            LocalExecutor small = new LocalExecutor(dataDir, tasks, new RuntimeProperties.Local(null, null, 0,
                    true, RuntimeProperties.TaskAccounts.PER_USER, "gantry-task", "gantry-", "auto", null,
                    Duration.ofDays(30), 0), true);
            created.add(small);
            AttemptRef waited = new AttemptRef("alice", "claim-on-full-disk", "main", 0, 1);
            AttemptRef fenced = new AttemptRef("alice", "fence-on-full-disk", "main", 0, 1);
            Path waitedDir = attemptByHand(small, waited);
            Path fencedDir = attemptByHand(small, fenced);

            disk.fill();

            Process runner = new ProcessBuilder("bash", waitedDir.resolve(RunnerScript.FILE).toString()).start();
            assertThatThrownBy(() -> small.reattach("", fenced)).isInstanceOf(ExecutorException.class)
                    .hasMessageContaining("No space left on device");
            Thread.sleep(1500);
            assertThat(runner.isAlive()).as("a runner waits for room to write its claim").isTrue();
            assertThat(waitedDir.resolve(RunnerScript.PID_FILE)).doesNotExist();
            assertThat(fencedDir.resolve(RunnerScript.PID_FILE)).doesNotExist();

            disk.free();
            assertThat(runner.waitFor()).isZero();
            assertThat(waitedDir.resolve("proof")).hasContent("ran");
            assertThat(small.reattach("", waited).handle()).hasValueSatisfying(found ->
                    assertThat(found.externalId()).startsWith(runner.pid() + ":").isNotEqualTo(runner.pid() + ":0"));
            assertThat(small.reattach("", fenced).wasStarted()).isFalse();
            assertThat(fencedDir.resolve(RunnerScript.PID_FILE)).hasContent(RunnerScript.FENCE);
            try (var left = Files.list(fencedDir)) {
                assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("runner.pid."));
            }
        } finally {
            disk.free();
            stopLeftovers();
            submitted.clear();
            created.clear();
            disk.close();
        }
    }

    /** An attempt's files as a launch writes them, its task leaving {@code proof} behind. */
    private static Path attemptByHand(LocalExecutor on, AttemptRef ref) throws IOException {
        Path dir = Files.createDirectories(on.attemptDir(ref));
        Files.writeString(dir.resolve(RunnerScript.TASK_FILE), "echo ran >" + dir.resolve("proof") + "\n");
        Files.writeString(dir.resolve(RunnerScript.FILE), new RunnerScript().render());
        Files.createDirectories(dir.resolve(RunnerScript.WORK_DIR));
        return dir;
    }

    @Test
    void a_task_sees_its_runtime_variables_and_nothing_of_gantrys_environment() throws Exception {
        ExecutionHandle handle = submit(executor, launch("alice", "env", "env | cut -d= -f1 | sort\n"));

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);

        List<String> names = log(executor, handle, LogStream.STDOUT).lines().toList();
        assertThat(names).contains("PAI_JOB_NAME", "PAI_USER_NAME", "PAI_WORK_DIR", "PAI_TASK_ROLE_main_HOST_LIST",
                "PAI_TASK_ROLE_TASK_COUNT_main", "GANTRY_JOB_NAME", "GANTRY_TASK_INDEX", "HOME", "PATH");
        assertThat(names).allMatch(name -> name.startsWith("PAI_") || name.startsWith("GANTRY_")
                || List.of("PATH", "HOME", "USER", "LOGNAME", "SHELL", "LANG", "PWD", "SHLVL", "_", "OLDPWD")
                .contains(name), "only runtime variables");
        assertThat(System.getenv()).containsKey("PATH");  // the test JVM has an environment that was not passed
    }

    @Test
    void many_tasks_run_concurrently() throws Exception {
        List<ExecutionHandle> handles = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            handles.add(submit(executor, launch("alice", "many-" + i, "sleep 1\necho task " + i + "\n")));
        }
        for (int i = 0; i < handles.size(); i++) {
            assertThat(awaitFinal(executor, handles.get(i), WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
            assertThat(log(executor, handles.get(i), LogStream.STDOUT)).isEqualTo("task " + i + "\n");
        }
    }

    @Test
    void stop_ends_the_whole_process_group() throws Exception {
        String marker = "gantry-stop-marker-" + System.nanoTime();
        ExecutionHandle handle = submit(executor, launch("alice", "stop",
                "bash -c 'sleep 1000; : " + marker + "' &\nbash -c 'sleep 1000; : " + marker + "' &\n"
                        + "echo started\nwait\n"));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);
        // until exactly 2: a bash forking its sleep shows a third process with the marker for a moment
        for (int i = 0; i < 50 && processesNamed(marker).size() != 2; i++) {
            Thread.sleep(100);
        }
        assertThat(processesNamed(marker)).hasSize(2);

        executor.stop(handle, Duration.ofSeconds(2));
        TaskObservation end = awaitFinal(executor, handle, WAIT);

        assertThat(end.phase()).isEqualTo(Phase.STOPPED);
        Thread.sleep(2500);  // past the grace period: whatever ignored SIGTERM got SIGKILL
        assertThat(processesNamed(marker)).isEmpty();
    }

    @Test
    void a_task_that_ignores_sigterm_is_killed_after_the_grace_period() throws Exception {
        ExecutionHandle handle = submit(executor, launch("alice", "stubborn",
                "trap '' TERM\necho started\nwhile :; do sleep 0.2; done\n"));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);

        executor.stop(handle, Duration.ofMillis(500));

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.STOPPED);
    }

    @Test
    void a_task_is_followed_by_a_new_executor_after_a_restart() throws Exception {
        ExecutionHandle handle = submit(executor, launch("alice", "restart",
                "echo started\nsleep 2\necho done\n"));
        awaitLog(executor, handle, LogStream.STDOUT, "started", WAIT);

        LocalExecutor restarted = executor(RuntimeProperties.TaskAccounts.PER_USER);

        assertThat(restarted.observe(handle).phase()).isEqualTo(Phase.RUNNING);
        assertThat(awaitFinal(restarted, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(restarted, handle, LogStream.STDOUT)).isEqualTo("started\ndone\n");
        assertThat(restarted.reattach("", new AttemptRef("alice", "restart", "main", 0, 1)).handle())
                .hasValueSatisfying(found -> assertThat(found.externalId()).isEqualTo(handle.externalId()));
    }

    @Test
    void an_attempt_fenced_before_its_runner_started_never_runs() throws Exception {
        AttemptRef ref = new AttemptRef("alice", "fenced", "main", 0, 1);
        Path dir = executor.attemptDir(ref);
        Files.createDirectories(dir.getParent());

        Reattachment settled = executor.reattach("", ref);
        assertThat(settled.wasStarted()).isFalse();

        // the launch that was interrupted now goes ahead: it must find the fence and do nothing
        Files.writeString(dir.resolve("task.sh"), "echo ran >" + dir.resolve("proof") + "\n");
        Files.writeString(dir.resolve("runner.sh"), new org.gantry.runtime.runner.RunnerScript().render());
        Files.createDirectories(dir.resolve("work"));
        Process runner = new ProcessBuilder("bash", dir.resolve("runner.sh").toString()).start();
        assertThat(runner.waitFor()).isEqualTo(org.gantry.runtime.runner.RunnerScript.FENCED_EXIT);
        assertThat(dir.resolve("proof")).doesNotExist();
        assertThat(executor.reattach("", ref).wasStarted()).isFalse();
    }

    @Test
    void a_task_using_more_memory_than_it_asked_for_is_killed_for_memory() throws Exception {
        AttemptRef ref = new AttemptRef("alice", "hog", "main", 0, 1);
        ExecutionHandle handle = submit(executor, launch(ref,
                "python3 -c 'x = bytearray(400 * 1024 * 1024); print(len(x))'\n", new Resources(1, 64, 0)));

        TaskObservation end = awaitFinal(executor, handle, WAIT);

        if (executor.memoryMode() == MemoryLimits.Mode.CGROUP_V1 || executor.memoryMode() == MemoryLimits.Mode.CGROUP_V2) {
            assertThat(end.phase()).isEqualTo(Phase.KILLED_OOM);
            assertThat(end.diagnostics()).hasValue(org.gantry.runtime.runner.RunnerOutcome.OOM_MESSAGE);
        } else {
            // prlimit: the allocation fails inside the task, which fails
            assertThat(end.phase()).isEqualTo(Phase.FAILED);
            assertThat(log(executor, handle, LogStream.STDERR)).contains("MemoryError");
        }
    }

    @Test
    void an_ended_task_reports_its_peak_memory_and_cpu_time() throws Exception {
        AttemptRef ref = new AttemptRef("alice", "measured", "main", 0, 1);
        ExecutionHandle handle = submit(executor, launch(ref, "python3 -c '"
                + "x = bytearray(100 * 1024 * 1024)\n"
                + "for i in range(0, len(x), 4096): x[i] = 1\n"
                + "n = 0\n"
                + "for i in range(3000000): n += i\n"
                + "print(len(x), n)'\n", new Resources(1, 512, 0)));

        TaskObservation end = executor.observe(handle);
        for (int i = 0; i < 600 && !end.isFinal(); i++) {
            Thread.sleep(100);  // not awaitFinal: it releases the attempt, and its cgroup with the peak
            end = executor.observe(handle);
        }
        MeasuredUse used = executor.measured(handle);

        assertThat(end.phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(used.cpuTimeMs()).as("bash's times of the task's processes").hasValueSatisfying(
                ms -> assertThat(ms).isPositive());
        assumeThat(executor.memoryMode()).isIn(MemoryLimits.Mode.CGROUP_V1, MemoryLimits.Mode.CGROUP_V2);
        assertThat(used.peakMemoryMb()).as("the memory cgroup's peak").hasValueSatisfying(
                mb -> assertThat(mb).isGreaterThanOrEqualTo(100L).isLessThan(512L));
        executor.release(handle);
        assertThat(executor.measured(handle).peakMemoryMb()).as("the cgroup is gone after release").isEmpty();
    }

    @Test
    void a_task_starts_in_a_runner_started_ahead_of_need_and_keeps_its_memory_limit() throws Exception {
        List<Long> waiting = awaitWaitingRunners(executor, 2);
        AttemptRef ref = new AttemptRef("alice", "warm-hog", "main", 0, 1);

        ExecutionHandle handle = submit(executor, launch(ref,
                "python3 -c 'x = bytearray(400 * 1024 * 1024); print(len(x))'\n",
                new Resources(1, 64, 0)));

        long runnerPid = org.gantry.runtime.runner.RunnerClaim.fromExternalId(handle.externalId()).orElseThrow().pid();
        assertThat(waiting).as("the task went to a waiting runner").contains(runnerPid);
        TaskObservation end = awaitFinal(executor, handle, WAIT);
        if (executor.memoryMode() == MemoryLimits.Mode.CGROUP_V1 || executor.memoryMode() == MemoryLimits.Mode.CGROUP_V2) {
            assertThat(end.phase()).as("the runner's cgroup became the attempt's, with its limit")
                    .isEqualTo(Phase.KILLED_OOM);
        } else {
            assertThat(end.phase()).isEqualTo(Phase.FAILED);
        }
        assertThat(Files.readString(executor.attemptDir(ref).resolve("runner.pid")))
                .startsWith(runnerPid + " ");
        awaitWaitingRunners(executor, 2);  // another one took its place
    }

    @Test
    void a_waiting_runner_that_died_is_passed_over_and_the_rest_leave_when_the_executor_closes() throws Exception {
        List<Long> waiting = awaitWaitingRunners(executor, 2);
        new ProcessBuilder("kill", "-KILL", Long.toString(waiting.get(0))).start().waitFor();
        for (int i = 0; i < 50 && ProcessHandle.of(waiting.get(0)).map(ProcessHandle::isAlive).orElse(false); i++) {
            Thread.sleep(20);
        }

        ExecutionHandle handle = submit(executor, launch("alice", "after-kill", "echo ran\n"));

        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(executor, handle, LogStream.STDOUT)).isEqualTo("ran\n");
        List<Long> left = awaitWaitingRunners(executor, 2);
        executor.close();
        for (long pid : left) {
            ProcessHandle process = ProcessHandle.of(pid).orElse(null);
            if (process != null) {
                process.onExit().get(10, java.util.concurrent.TimeUnit.SECONDS);
            }
        }
        assertThat(executor.waitingRunners()).isEmpty();
    }

    @Test
    void runners_started_ahead_of_need_run_each_users_task_under_that_users_own_account() throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("switching accounts needs root").isTrue();
        List<Long> waiting = awaitWaitingRunners(executor, 2);
        assertThat(waiting).as("a waiting runner belongs to no task account yet").allSatisfy(pid ->
                assertThat(Files.getAttribute(Path.of("/proc/" + pid), "unix:uid")).isEqualTo(0));

        ExecutionHandle alice = submit(executor, launch("alice", "warm-who", "id -un\n"));
        ExecutionHandle john = submit(executor, launch("John.Doe", "warm-who", "id -un\n"));

        assertThat(List.of(alice, john)).extracting(h -> org.gantry.runtime.runner.RunnerClaim.fromExternalId(
                h.externalId()).orElseThrow().pid()).as("both went to waiting runners")
                .containsExactlyInAnyOrderElementsOf(waiting);
        assertThat(awaitFinal(executor, alice, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(awaitFinal(executor, john, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(executor, alice, LogStream.STDOUT)).isEqualTo("gantry-alice\n");
        assertThat(log(executor, john, LogStream.STDOUT)).matches("gantry-john_doe-[0-9a-f]{8}\n");
    }

    // an account named like a user's task account but made by someone else was taken as the user's own
    @Test
    void an_existing_account_of_someone_else_is_never_used_for_a_users_tasks() throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("switching accounts needs root").isTrue();
        String user = "squatted" + Long.toString(System.nanoTime() % 1_000_000L, 36);
        String account = TaskAccounts.perUserName("gantry-", user, "gantry-task");
        assertThat(new ProcessBuilder("useradd", "--system", "--no-create-home", "--comment", "someone else", account)
                .start().waitFor()).isZero();
        try {
            assertThatThrownBy(() -> executor.accountFor(user))
                    .isInstanceOfSatisfying(org.gantry.runtime.ExecutorException.class,
                            e -> assertThat(e.isPermanent()).isTrue())
                    .hasMessageContaining("is not the task account of Gantry user " + user)
                    .hasMessageContaining("someone else");
        } finally {
            new ProcessBuilder("userdel", account).start().waitFor();
        }
    }

    @Test
    void an_account_made_before_accounts_recorded_their_user_is_claimed_by_that_user() throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("switching accounts needs root").isTrue();
        String user = "legacy" + Long.toString(System.nanoTime() % 1_000_000L, 36);
        String account = "gantry-" + user;
        assertThat(new ProcessBuilder("useradd", "--system", "--no-create-home", "--comment", "Gantry tasks", account)
                .start().waitFor()).isZero();
        try {
            assertThat(executor.accountFor(user)).hasValueSatisfying(a -> assertThat(a.name()).isEqualTo(account));
            Process getent = new ProcessBuilder("getent", "passwd", account).start();
            assertThat(new String(getent.getInputStream().readAllBytes())).contains(":Gantry tasks of " + user + ":");
        } finally {
            new ProcessBuilder("userdel", account).start().waitFor();
        }
    }

    private static List<Long> awaitWaitingRunners(LocalExecutor on, int count) throws InterruptedException {
        for (int i = 0; i < 200 && on.waitingRunners().size() < count; i++) {
            Thread.sleep(25);
        }
        assertThat(on.waitingRunners()).as("runners waiting").hasSize(count);
        return on.waitingRunners();
    }

    @Test
    void the_sweep_removes_memory_cgroups_left_behind_and_keeps_those_of_running_tasks() throws Exception {
        Optional<Path> parent = executor.memoryCgroupParent();
        assumeThat(parent).as("memory limited by cgroups").isPresent();
        ExecutionHandle running = submit(executor, launch(new AttemptRef("alice", "sweep", "main", 0, 1),
                "echo started\nsleep 1000\n", new Resources(1, 64, 0)));
        awaitLog(executor, running, LogStream.STDOUT, "started", WAIT);
        Path runningGroup = parent.get().resolve(LocalExecutor.cgroupName(Path.of(running.workDir())));
        Path leftover = Files.createDirectory(parent.get().resolve(MemoryLimits.GROUP_PREFIX + "leftover-"
                + System.nanoTime()));

        try {
            executor.sweepMemoryCgroupsNow();
            assertThat(leftover).as("empty for the first time: maybe waiting for its runner").isDirectory();
            Path young = Files.createDirectory(parent.get().resolve(MemoryLimits.GROUP_PREFIX + "young-"
                    + System.nanoTime()));
            assertThat(executor.sweepMemoryCgroupsNow()).isPositive();
            assertThat(leftover).as("empty at two sweeps").doesNotExist();
            assertThat(young).as("empty for the first time").isDirectory();
            assertThat(runningGroup).as("a cgroup with processes stays").isDirectory();
            Files.delete(young);
        } finally {
            Files.deleteIfExists(leftover);
            executor.stop(running, Duration.ofSeconds(1));
            awaitFinal(executor, running, WAIT);
        }
    }

    @Test
    void a_task_cannot_read_gantrys_data_directory() throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("switching accounts needs root").isTrue();
        Path secret = Files.writeString(dataDir.resolve("secret.key"), "top secret");
        Files.createDirectories(dataDir.resolve("postgres"));
        Files.writeString(dataDir.resolve("postgres/PG_VERSION"), "16");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));
        Files.setPosixFilePermissions(dataDir.resolve("postgres"), PosixFilePermissions.fromString("rwxr-xr-x"));
        LocalExecutor fresh = executor(RuntimeProperties.TaskAccounts.SHARED);  // secures the data dir at start

        ExecutionHandle handle = submit(fresh, launch("alice", "snoop",
                "id -un\nls " + dataDir + " && echo LISTED\ncat " + secret + " && echo READ-KEY\n"
                        + "cat " + dataDir.resolve("postgres/PG_VERSION") + " && echo READ-DB\n"
                        + "cat " + dataDir.resolve("tasks/alice/snoop/main-0/attempt-1/runner.sh")
                        + " >/dev/null && echo READ-RUNNER\nexit 0\n"));

        assertThat(awaitFinal(fresh, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(fresh, handle, LogStream.STDOUT)).isEqualTo("gantry-task\n");
        assertThat(log(fresh, handle, LogStream.STDERR)).contains("Permission denied")
                .doesNotContain("No such file");
    }

    @Test
    void a_link_planted_by_a_task_does_not_make_gantry_read_for_it() throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("switching accounts needs root").isTrue();
        Path secret = Files.writeString(dataDir.resolve("secret.key"), "top secret");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-------"));
        ExecutionHandle handle = submit(executor, launch("alice", "plant",
                "mkdir -p .gantry && ln -s " + secret + " .gantry/steps.tsv && echo planted\n"));
        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);

        var read = executor.read(handle, "work/.gantry/steps.tsv", 0, 4096);

        assertThat(new String(read.data())).doesNotContain("top secret");
        assertThat(read.data()).isEmpty();
    }

    @Test
    void with_accounts_per_user_a_task_cannot_read_another_users_working_directory() throws Exception {
        assumeThat(ShortCommands.runningAsRoot()).as("switching accounts needs root").isTrue();
        LocalExecutor perUser = executor(RuntimeProperties.TaskAccounts.PER_USER);
        ExecutionHandle alice = submit(perUser, launch("alice", "private",
                "echo 'alice data' >notes.txt\necho written\nsleep 30\n"));
        awaitLog(perUser, alice, LogStream.STDOUT, "written", WAIT);
        Path aliceWork = Path.of(alice.workDir()).resolve("work");

        ExecutionHandle bob = submit(perUser, launch("bob", "peek",
                "id -un\ncat " + aliceWork.resolve("notes.txt") + " && echo READ\nls " + aliceWork
                        + " && echo LISTED\nls " + dataDir.resolve("tasks/alice") + " && echo LISTED-USER\nexit 0\n"));

        assertThat(awaitFinal(perUser, bob, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);
        assertThat(log(perUser, bob, LogStream.STDOUT)).isEqualTo("gantry-bob\n");
        assertThat(log(perUser, bob, LogStream.STDERR)).contains("Permission denied");
        perUser.stop(alice, Duration.ofSeconds(1));
        assertThat(awaitFinal(perUser, alice, WAIT).phase()).isEqualTo(Phase.STOPPED);
    }

    @Test
    void nothing_of_an_attempt_is_readable_by_group_or_others() throws Exception {
        // Bug: runner.log of a runner started with its task was 0644 (Gantry's umask 022), not decision 0010's 0600
        assumeThat(ShortCommands.runningAsRoot()).as("switching accounts needs root").isTrue();
        ExecutionHandle handle = submit(executor, launch("alice", "modes",
                "export HELD=secret-value\necho notes >notes.txt\nmkdir -p made && echo x >made/file\necho done\n"));
        assertThat(awaitFinal(executor, handle, WAIT).phase()).isEqualTo(Phase.SUCCEEDED);

        Set<PosixFilePermission> readOrWrite = EnumSet.of(PosixFilePermission.GROUP_READ,
                PosixFilePermission.GROUP_WRITE, PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE);
        Path userDir = dataDir.resolve("tasks/alice");
        try (var paths = Files.walk(userDir)) {
            // directories Gantry keeps as root may be passed through (--x), never listed; files never read
            assertThat(paths.filter(p -> !Files.isSymbolicLink(p))
                    .filter(p -> mode(p).stream().anyMatch(readOrWrite::contains))
                    .map(p -> p + " " + PosixFilePermissions.toString(mode(p))))
                    .as("readable or writable by group or others").isEmpty();
        }
        assertThat(Files.getPosixFilePermissions(userDir)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
        assertThat(Files.getPosixFilePermissions(Path.of(handle.workDir()).resolve("work")))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
    }

    private static Set<PosixFilePermission> mode(Path path) {
        try {
            return Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<ProcessHandle> processesNamed(String marker) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(marker)
                        || p.info().command().orElse("").contains(marker))
                .filter(ProcessHandle::isAlive)
                .toList();
    }
}
