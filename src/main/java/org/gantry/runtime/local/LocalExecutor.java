package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.gantry.base.GantryProperties;
import org.gantry.base.files.DiskSpace;
import org.gantry.base.shell.ShortCommands;
import org.gantry.runtime.runner.AttemptFiles;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.AttemptShell;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;
import org.gantry.runtime.MeasuredUse;
import org.gantry.runtime.Placement;
import org.gantry.runtime.Reattachment;
import org.gantry.runtime.runner.RunnerClaim;
import org.gantry.runtime.runner.RunnerOutcome;
import org.gantry.runtime.runner.RunnerScript;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TaskLaunch;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.hosts.HostTasks;
import org.gantry.runtime.hosts.TaskAccount;
import org.gantry.terminal.TaskShellTarget;
import jakarta.annotation.PreDestroy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Runs tasks as process groups on Gantry's host, each under an unprivileged OS account in a
 * working directory only that account can read, with its memory limited (see
 * {@link MemoryLimits}). The runner ({@link RunnerScript}) is started with {@code setsid}, so a
 * task outlives a Gantry restart and is found again by its pid and start time.
 */
@Component
public class LocalExecutor implements Executor, HostTasks {

    public static final String KIND = Executor.LOCAL;
    private static final Logger log = LoggerFactory.getLogger(LocalExecutor.class);
    private static final String PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";
    /** How long a shell waits for a starting task's storages to be mounted (StorageMounts). */
    private static final Duration MOUNT_WAIT = Duration.ofSeconds(30);

    private final Path tasksDir;
    private final TaskAccounts accounts;
    private final MemoryLimits memory;
    private final LocalTaskDirs dirs;
    private final Optional<String> unavailable;
    private final WarmRunners warmRunners;
    /** This host's name as the runner records it in {@code node} (bash's $HOSTNAME: gethostname). */
    private final String hostName = LocalProcesses.hostName();
    private volatile Runnable onChange = () -> { };
    private volatile long logLimit;
    private volatile DiskSpace disk = new DiskSpace(0);
    private final ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "local-executor-kill");
        t.setDaemon(true);
        return t;
    });

    @Autowired
    LocalExecutor(GantryProperties gantry, RuntimeProperties runtime, DiskSpace disk) throws IOException {
        this(gantry.dataDir(), runtime.local().tasksDirectory().orElse(gantry.dataDir().resolve("tasks")),
                runtime.local(), ShortCommands.runningAsRoot());
        logLimit(runtime.logLimit().toBytes());
        diskSpace(disk);
    }

    public LocalExecutor(Path dataDir, Path tasksDir, RuntimeProperties.Local settings, boolean root)
            throws IOException {
        this.tasksDir = tasksDir.toAbsolutePath().normalize();
        this.accounts = new TaskAccounts(settings, root);
        this.memory = MemoryLimits.detect(settings.memoryLimit());
        this.dirs = new LocalTaskDirs(this.tasksDir, accounts);
        this.unavailable = LocalDataDir.secure(dataDir.toAbsolutePath().normalize(), this.tasksDir, root);
        boolean runs = unavailable.isEmpty() && (root || settings.allowSameUser());
        this.warmRunners = new WarmRunners(runs ? settings.warmRunners() : 0, this.tasksDir, memory);
        describe(settings, root);
    }

    private void describe(RuntimeProperties.Local settings, boolean root) {
        if (unavailable.isPresent()) {
            log.error("Local executor disabled: {}", unavailable.get());
        } else if (!root && !settings.allowSameUser()) {
            log.warn("Gantry does not run as root and cannot run tasks under another OS account: local tasks are "
                    + "disabled. Set gantry.runtime.local.allow-same-user=true to run them as Gantry's own user.");
        } else if (!root) {
            log.warn("Gantry does not run as root: local tasks run as Gantry's own OS user and can read its data "
                    + "directory (gantry.runtime.local.allow-same-user=true)");
        } else if (settings.taskAccounts() == RuntimeProperties.TaskAccounts.SHARED) {
            log.warn("Local tasks of all users run as the one OS account {} (gantry.runtime.local.task-accounts"
                    + "=shared): one user's task can read another's files, environment and secrets. Set it to per-user"
                    + " (the default) to run each user's tasks under an account of their own. Memory limited by {}",
                    settings.sharedAccount(), memory.mode());
        } else {
            log.info("Local tasks run as one OS account per user ({}<user>), memory limited by {}",
                    settings.accountPrefix(), memory.mode());
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public boolean reportsEnds() {
        return true;
    }

    @Override
    public void onChange(Runnable callback) {
        Runnable previous = onChange;
        onChange = () -> {
            previous.run();
            callback.run();
        };
    }

    /** The directory holding the attempts of local tasks. */
    @Override
    public Path tasksDir() {
        return tasksDir;
    }

    /** Keeps at most this many bytes of each task's stdout and stderr (see {@link RunnerScript#logLimit}); 0 keeps all. */
    public LocalExecutor logLimit(long bytes) {
        this.logLimit = bytes;
        return this;
    }

    /** The free space that must stay on the tasks' file system for a task to be launched; it watches it. */
    public LocalExecutor diskSpace(DiskSpace space) {
        this.disk = space.watch(tasksDir);
        return this;
    }

    /**
     * Local tasks reach each other over loopback; caches are kept per task account. While the
     * tasks' (or the data directory's) disk is full, tasks wait, saying why, instead of being
     * launched into a directory that cannot be written.
     */
    @Override
    public Placement placement(String target, String user) throws ExecutorException {
        if (unavailable.isPresent()) {
            throw ExecutorException.permanent("Local tasks are disabled: " + unavailable.get());
        }
        Optional<String> full = disk.shortage();
        if (full.isPresent()) {
            throw ExecutorException.transientFailure(full.get(), null);
        }
        Optional<TaskAccount> account = accounts.accountFor(user);
        try {
            return new Placement("127.0.0.1", dirs.ensureCacheDir(account).toString());
        } catch (IOException e) {
            throw ExecutorException.transientFailure("cannot create the cache dir: " + e.getMessage(), e);
        }
    }

    /** Makes attempt dirs another executor created under {@code base} the task account's; see {@link LocalTaskDirs}. */
    @Override
    public void handOver(Path base, AttemptRef ref, Optional<TaskAccount> account) throws IOException {
        dirs.handOver(base, ref, account);
    }

    /**
     * The account a user's tasks run as on this host, empty for Gantry's own; for other
     * executors that start tasks on this host (Slurm's {@code sbatch --uid}).
     *
     * @throws ExecutorException when tasks may not run on this host for that user
     */
    @Override
    public Optional<TaskAccount> accountFor(String user) throws ExecutorException {
        if (unavailable.isPresent()) {
            throw ExecutorException.permanent("Local tasks are disabled: " + unavailable.get());
        }
        return accounts.accountFor(user);
    }

    /** A shell on this host as the user's task account, in the task's working directory and mount namespace. */
    @Override
    public TaskShellTarget shell(ExecutionHandle handle, AttemptShell shell) throws ExecutorException {
        Optional<RunnerClaim> claim = RunnerClaim.fromExternalId(handle.externalId());
        awaitMounts(Path.of(handle.workDir()), claim);
        OptionalLong namespace = claim.map(c -> LocalProcesses.inOwnMountNamespace(c.pid()))
                .orElse(OptionalLong.empty());
        return new TaskShellTarget.Local(accountName(shell.user()), Path.of(shell.workDir()), shell.env(),
                shell.init(), namespace);
    }

    /**
     * Waits while the task's storages are still being mounted ({@link StorageMounts#PENDING_FILE}):
     * the task counts as running from its runner's claim, a moment before its mounts exist.
     */
    private static void awaitMounts(Path attemptDir, Optional<RunnerClaim> claim) throws ExecutorException {
        Path pending = attemptDir.resolve(StorageMounts.PENDING_FILE);
        long deadline = System.nanoTime() + MOUNT_WAIT.toNanos();
        while (Files.exists(pending) && claim.filter(LocalProcesses::isAlive).isPresent()) {
            if (System.nanoTime() > deadline) {
                throw ExecutorException.transientFailure("The task's storages are still being mounted after "
                        + MOUNT_WAIT.toSeconds() + " s (a large storage's permissions are granted on first use);"
                        + " open the shell again in a moment", null);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw ExecutorException.transientFailure("interrupted while the task's storages were mounted", e);
            }
        }
    }

    @Override
    public ExecutionHandle submit(String target, TaskLaunch launch) throws ExecutorException {
        if (unavailable.isPresent()) {
            throw ExecutorException.permanent("Local tasks are disabled: " + unavailable.get());
        }
        Optional<TaskAccount> account = accounts.accountFor(launch.ref().user());
        LocalAttemptFiles files = new LocalAttemptFiles(attemptDir(launch.ref()));
        StorageMounts.Plan storages = StorageMounts.plan(launch.mounts(), accounts.canSwitch(), account);
        Optional<WarmRunners.Warm> warm = warmRunners.take();
        try {
            dirs.prepareParents(tasksDir, launch.ref(), account);
            dirs.ensureCacheDir(account);
            MemoryLimits.Limit limit = memory.prepare(cgroupName(files.dir()), launch.resources().memoryMB(),
                    warm.flatMap(WarmRunners.Warm::cgroup));
            RunnerScript runner = new RunnerScript().env(baseEnv(account, files.workDir())).env(launch.env())
                    .env(storages.env()).logLimit(logLimit);
            runner.prefix(storages.prefix());
            account.ifPresent(a -> runner.prefix(List.of("setpriv", "--reuid=" + a.uid(), "--regid=" + a.gid(),
                    "--init-groups", "--no-new-privs", "--inh-caps=-all", "--bounding-set=-all", "--")));
            runner.prefix(limit.prefix());
            limit.procsFile().ifPresent(procs -> runner.cgroup(procs.toString()));
            prepare(files, launch.script(), runner.render(), account, !storages.prefix().isEmpty());
            if (warm.isPresent()) {
                return handOver(warm.get(), files);
            }
            return start(files);
        } catch (IOException e) {
            warm.ifPresent(WarmRunners::discard);
            throw ExecutorException.transientFailure("could not start " + launch.ref() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes the attempt's files, or none: a failed write (a full disk) removes what was written,
     * so that no runner starts from half a script and the next launch starts clean.
     */
    private static void prepare(LocalAttemptFiles files, String script, String runner, Optional<TaskAccount> account,
                                boolean mounts) throws IOException {
        try {
            files.prepare(script, runner, account);
            if (mounts) {
                Files.createFile(files.dir().resolve(StorageMounts.PENDING_FILE));
            }
        } catch (IOException e) {
            try {
                files.remove();
            } catch (IOException | RuntimeException cleanup) {
                e.addSuppressed(cleanup);
            }
            throw e;
        }
    }

    private ExecutionHandle handOver(WarmRunners.Warm warm, LocalAttemptFiles files) throws IOException {
        warm.process().onExit().thenRun(() -> onChange.run());
        WarmRunners.handOver(warm, files.dir());
        return new ExecutionHandle(KIND, "", warm.claim().externalId(), files.dir().toString());
    }

    /**
     * A runner's process: nothing of Gantry's environment (database password, tokens) may reach
     * a task, so it starts with PATH and LANG only; stderr goes where stdout goes.
     */
    static ProcessBuilder runnerProcess(List<String> command, Path dir, ProcessBuilder.Redirect in,
                                        ProcessBuilder.Redirect out) {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectInput(in)
                .redirectOutput(out).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().put("PATH", PATH);
        builder.environment().put("LANG", "C.UTF-8");
        return builder;
    }

    private ExecutionHandle start(LocalAttemptFiles files) throws IOException {
        Process process = runnerProcess(List.of("setsid", "bash", files.dir().resolve(RunnerScript.FILE).toString()),
                files.dir(), ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()),
                ProcessBuilder.Redirect.appendTo(files.dir().resolve(LocalAttemptFiles.RUNNER_LOG).toFile())).start();
        process.onExit().thenRun(() -> onChange.run());
        long pid = process.pid();
        Optional<Long> startTime = LocalProcesses.startTime(pid);
        RunnerClaim claim = startTime.map(t -> new RunnerClaim(pid, t))
                .or(() -> files.read(RunnerScript.PID_FILE).flatMap(RunnerClaim::parse))
                .orElse(new RunnerClaim(pid, 0));
        return new ExecutionHandle(KIND, "", claim.externalId(), files.dir().toString());
    }

    /** A local runner runs from its start (or its hand-over), on this host. */
    @Override
    public Optional<String> runsAtOnceOn(ExecutionHandle handle) {
        return Optional.of(hostName);
    }

    @Override
    public Reattachment reattach(String target, AttemptRef ref) throws ExecutorException {
        LocalAttemptFiles files = new LocalAttemptFiles(attemptDir(ref));
        try {
            if (files.fence()) {
                return Reattachment.neverStarted();
            }
            for (int i = 0; i < 40; i++) {
                Optional<String> content = files.read(RunnerScript.PID_FILE).map(String::trim);
                if (content.filter(RunnerScript.FENCE::equals).isPresent()) {
                    return Reattachment.neverStarted();
                }
                Optional<RunnerClaim> claim = content.flatMap(RunnerClaim::parse);
                if (claim.isPresent()) {
                    return Reattachment.started(new ExecutionHandle(KIND, "", claim.get().externalId(),
                            files.dir().toString()));
                }
                Thread.sleep(25);  // the runner created the file and is writing its pid into it
            }
            return Reattachment.started(new ExecutionHandle(KIND, "", "0:0", files.dir().toString()));
        } catch (IOException e) {
            throw ExecutorException.transientFailure("could not settle " + ref + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ExecutorException.transientFailure("interrupted", e);
        }
    }

    @Override
    public TaskObservation observe(ExecutionHandle handle) {
        LocalAttemptFiles files = files(handle);
        String node = files.read(RunnerScript.NODE_FILE).map(String::trim).orElse(null);
        String cgroup = cgroupName(files.dir());
        OptionalInt exit = files.exitCode();
        if (exit.isEmpty()) {
            Optional<RunnerClaim> claim = RunnerClaim.fromExternalId(handle.externalId());
            if (claim.isPresent() && LocalProcesses.isAlive(claim.get())) {
                if (memory.oomKilled(cgroup)) {
                    kill(claim.get(), cgroup, "KILL");
                }
                return TaskObservation.running(node);
            }
            exit = files.exitCode();  // it may have ended between the two looks
        }
        return RunnerOutcome.classify(exit, files.stopRequested(), memory.oomKilled(cgroup), node);
    }

    @Override
    public void stop(ExecutionHandle handle, Duration grace) throws ExecutorException {
        LocalAttemptFiles files = files(handle);
        String cgroup = cgroupName(files.dir());
        try {
            files.markStopRequested();
        } catch (IOException e) {
            throw ExecutorException.transientFailure("could not mark " + handle + " stopped: " + e.getMessage(), e);
        }
        Optional<RunnerClaim> claim = RunnerClaim.fromExternalId(handle.externalId())
                .filter(LocalProcesses::isAlive);
        claim.ifPresent(c -> kill(c, cgroup, "TERM"));
        killer.schedule(() -> {
            RunnerClaim c = claim.filter(LocalProcesses::isAlive).orElse(null);
            kill(c, cgroup, "KILL");
        }, grace.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void kill(RunnerClaim claim, String cgroup, String signal) {
        if (claim != null) {
            LocalProcesses.signalGroup(claim.pid(), signal);
        }
        LocalProcesses.signalAll(memory.pids(cgroup), signal);
    }

    @Override
    public LogChunk read(ExecutionHandle handle, String relativePath, long offset, int maxBytes)
            throws ExecutorException {
        try {
            return files(handle).readLog(AttemptFiles.checkRelative(relativePath), offset, maxBytes);
        } catch (IOException e) {
            throw ExecutorException.transientFailure("could not read " + relativePath + " of " + handle, e);
        }
    }

    /** Peak memory from the attempt's memory cgroup (before {@link #release} removes it); CPU time from the runner. */
    @Override
    public MeasuredUse measured(ExecutionHandle handle) {
        LocalAttemptFiles files = files(handle);
        return MeasuredUse.NONE.withPeakMemoryBytes(memory.peakBytes(cgroupName(files.dir())))
                .withCpuTimeMs(files.read(MeasuredUse.CPU_TIMES_FILE).flatMap(MeasuredUse::cpuMillisFromTimes));
    }

    @Override
    public void release(ExecutionHandle handle) {
        memory.remove(cgroupName(Path.of(handle.workDir())));
    }

    /** Lets the runners waiting for tasks go (running tasks run on). */
    @PreDestroy
    public void close() {
        warmRunners.close();
    }

    /** The task accounts this executor created. */
    Set<String> createdAccounts() {
        return accounts.created();
    }

    /** The pids of the runners waiting for tasks. */
    List<Long> waitingRunners() {
        return warmRunners.waitingPids();
    }

    MemoryLimits.Mode memoryMode() {
        return memory.mode();
    }

    Optional<Path> memoryCgroupParent() {
        return memory.parentGroup();
    }

    Path attemptDir(AttemptRef ref) {
        return tasksDir.resolve(ref.relativeDir());
    }

    private LocalAttemptFiles files(ExecutionHandle handle) {
        Path dir = Path.of(handle.workDir()).toAbsolutePath().normalize();
        if (!dir.startsWith(tasksDir)) {
            throw new IllegalArgumentException("not a local attempt: " + handle);
        }
        return new LocalAttemptFiles(dir);
    }

    private static Map<String, String> baseEnv(Optional<TaskAccount> account, Path work) {
        Map<String, String> env = new LinkedHashMap<>();
        String user = account.map(TaskAccount::name).orElse(System.getProperty("user.name"));
        env.put("PATH", PATH);
        env.put("HOME", work.toString());
        env.put("USER", user);
        env.put("LOGNAME", user);
        env.put("SHELL", "/bin/bash");
        env.put("LANG", "C.UTF-8");
        return env;
    }

    /**
     * Removes the memory cgroups of attempts that ended and were never removed (Gantry was
     * killed meanwhile, or its release came before the last process left): each hour, those
     * already empty an hour before.
     */
    @Scheduled(initialDelayString = "PT10M", fixedDelayString = "PT1H")
    void sweepMemoryCgroups() {
        int removed = sweepMemoryCgroupsNow();
        if (removed > 0) {
            log.info("Removed {} memory cgroups left by attempts that had ended", removed);
        }
    }

    /** One sweep, as the schedule does it; the number removed. */
    int sweepMemoryCgroupsNow() {
        return memory.sweep();
    }

    static String cgroupName(Path attemptDir) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(attemptDir.toString().getBytes(StandardCharsets.UTF_8));
            return MemoryLimits.GROUP_PREFIX + HexFormat.of().formatHex(digest).substring(0, 24);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
