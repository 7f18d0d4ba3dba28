package org.gantry.runtime.slurm;

import static org.gantry.base.shell.Bash.quote;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.runtime.runner.AttemptFiles;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.AttemptShell;
import org.gantry.runtime.ClusterInventory;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;
import org.gantry.runtime.MeasuredUse;
import org.gantry.runtime.Placement;
import org.gantry.runtime.runner.ProcessShell;
import org.gantry.runtime.Reattachment;
import org.gantry.runtime.runner.RemoteAttempts;
import org.gantry.runtime.runner.RemoteShell;
import org.gantry.runtime.runner.RemoteShell.ShellResult;
import org.gantry.runtime.Resources;
import org.gantry.runtime.runner.HostMounts;
import org.gantry.runtime.runner.RunnerScript;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TaskLaunch;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.hosts.HostTasks;
import org.gantry.runtime.hosts.SshShells;
import org.gantry.runtime.hosts.SshTarget;
import org.gantry.runtime.hosts.SshTargets;
import org.gantry.runtime.hosts.TaskAccount;
import org.gantry.base.ssh.SshEndpoint;
import org.gantry.terminal.TaskShellTarget;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs each task as one Slurm batch job: writes the runner and task scripts into the attempt's
 * directory (under the local tasks dir, or under the login's home over SSH), submits a
 * two-line batch script with {@code sbatch --export=NONE}, and follows the job by its id
 * ({@code scontrol}) and by the runner's files once Slurm forgot it. On Gantry's host as root,
 * jobs run as the user's task account ({@code sbatch --uid}). Stopping is {@code scancel}, with
 * the cluster's KillWait between SIGTERM and SIGKILL.
 */
public class SlurmExecutor implements Executor {

    private volatile long logLimit;

    /** Keeps at most this many bytes of each task's stdout and stderr (see {@link RunnerScript#logLimit}); 0 keeps all. */
    public SlurmExecutor logLimit(long bytes) {
        this.logLimit = bytes;
        return this;
    }

    public static final String KIND = "slurm";
    private static final Logger log = LoggerFactory.getLogger(SlurmExecutor.class);
    static final String BATCH_FILE = "batch.sh";
    static final String BATCH = "#!/bin/bash\n# Gantry: one task attempt as a Slurm batch job.\n"
            + "cd \"$SLURM_SUBMIT_DIR\" || exit 1\nexec bash " + RunnerScript.FILE + "\n";

    private final RuntimeProperties.Slurm settings;
    private final HostTasks local;
    private final SshTargets targets;
    private final SshShells clients;
    private final RemoteShell localShell;
    private final SlurmControllers controllers = new SlurmControllers();

    public SlurmExecutor(RuntimeProperties.Slurm settings, Duration commandTimeout, HostTasks local,
                         SshTargets targets, SshShells clients) {
        this.settings = settings;
        this.local = local;
        this.targets = targets;
        this.clients = clients;
        Map<String, String> env = new LinkedHashMap<>();
        settings.confFile().ifPresent(conf -> env.put("SLURM_CONF", conf.toString()));
        settings.binDirectory().ifPresent(bin -> env.put("PATH", bin + ":/usr/local/bin:/usr/bin:/bin"));
        this.localShell = new ProcessShell(env, commandTimeout);
    }

    @Override
    public String kind() {
        return KIND;
    }

    /**
     * Where a target's jobs are submitted from and keep their attempt dirs; {@code cluster} names
     * its slurmctld: empty for this host's, else the login node's alias.
     */
    private record Site(RemoteShell shell, String baseDir, boolean local, Optional<String> partition,
                        String cluster) {
        RemoteAttempts attempts() {
            return new RemoteAttempts(shell);
        }

        String dir(AttemptRef ref) {
            return baseDir + "/" + ref.relativeDirString();
        }
    }

    private Site site(String target) throws ExecutorException {
        SlurmTarget parsed;
        try {
            parsed = SlurmTarget.parse(target);
        } catch (IllegalArgumentException e) {
            throw ExecutorException.permanent(e.getMessage());
        }
        if (parsed.sshAlias().isEmpty()) {
            return new Site(localShell, localBase().toString(), true, parsed.partition(), "");
        }
        SshTarget login = targets.find(parsed.sshAlias().get()).orElseThrow(() -> ExecutorException.permanent(
                "No SSH host '" + parsed.sshAlias().get() + "' is registered as a Slurm login node"));
        return new Site(clients.shell(login), settings.remoteBaseDir(), false, parsed.partition(),
                parsed.sshAlias().get());
    }

    private Path localBase() {
        return local.tasksDir().resolve(".slurm");
    }

    @Override
    public Placement placement(String target, String user) throws ExecutorException {
        Site site = site(target);
        if (site.local()) {
            return new Placement(site.shell().host(), local.placement("", user).cacheDir());
        }
        return new Placement(site.shell().host(), "~/" + site.baseDir() + "/.cache");
    }

    /** Fails as unreachable, without waiting, while the target's slurmctld does not answer (decision 0095). */
    @Override
    public void checkAvailable(String target) throws ExecutorException {
        Site site = site(target);
        controllers.check(site.cluster(), site.shell());
    }

    /** The largest node of the target's partition (or of the cluster) that takes jobs now, as {@code sinfo} tells. */
    @Override
    public Optional<Resources> largestNode(String target) throws ExecutorException {
        Site site = site(target);
        String partition = site.partition().map(p -> " --partition=" + quote(p)).orElse("");
        ShellResult nodes = ask(site, "sinfo --noheader --Node --responding --format="
                + quote(SlurmNodes.FORMAT) + partition);
        if (!nodes.ok()) {
            throw failed("sinfo failed", nodes);
        }
        return Optional.of(SlurmNodes.largest(nodes.stdout()));
    }

    /**
     * A shell in the task's Slurm job ({@code srun --jobid}): from Gantry's host as the task
     * account, or from the login node as its login.
     */
    @Override
    public TaskShellTarget shell(ExecutionHandle handle, AttemptShell shell) throws ExecutorException {
        String target = handle.target().trim();
        int colon = target.indexOf(':');
        Optional<SshEndpoint> login = colon <= 0 ? Optional.empty()
                : Optional.of(targets.endpoint(target.substring(0, colon).trim(), shell.knownHosts()));
        String account = login.isPresent() ? login.get().user() : local.accountName(shell.user());
        Map<String, String> env = new LinkedHashMap<>(shell.env());
        if (login.isEmpty()) {
            // srun here needs the same cluster configuration as the runtime's sbatch.
            settings.confFile().ifPresent(conf -> env.put("SLURM_CONF", conf.toString()));
            settings.binDirectory().ifPresent(bin -> env.put("PATH", bin + ":/usr/local/bin:/usr/bin:/bin"));
        }
        return new TaskShellTarget.Slurm(handle.externalId(), account, login, Optional.of(shell.workDir()), env,
                shell.init());
    }

    @Override
    public ExecutionHandle submit(String target, TaskLaunch launch) throws ExecutorException {
        Site site = site(target);
        controllers.check(site.cluster(), site.shell());  // before any file: sbatch could only fail now
        AttemptRef ref = launch.ref();
        String dir = site.dir(ref);
        Optional<TaskAccount> account = site.local() ? local.accountFor(ref.user()) : Optional.empty();
        site.attempts().prepare(dir, launch.script(), new RunnerScript().env(launch.env()).logLimit(logLimit)
                .prefix(HostMounts.check(launch.mounts())).render());
        site.shell().writeFile(dir + "/" + BATCH_FILE, BATCH, 0700);
        if (site.local()) {
            try {
                local.handOver(localBase(), ref, account);
            } catch (IOException e) {
                throw ExecutorException.transientFailure("cannot hand " + dir + " over: " + e.getMessage(), e);
            }
        }
        // sbatch hands its umask to the job: slurm.out is then the task account's alone
        StringBuilder sbatch = new StringBuilder(RemoteAttempts.PRIVATE + "cd ").append(quote(dir))
                .append(" && sbatch --parsable --export=NONE --job-name=").append(quote(ref.externalName()))
                .append(" --output=slurm.out --open-mode=append --ntasks=1")
                .append(" --cpus-per-task=").append(Math.max(1, launch.resources().cpu()));
        if (launch.resources().memoryMB() > 0) {
            sbatch.append(" --mem=").append(launch.resources().memoryMB());
        }
        if (launch.resources().gpu() > 0) {
            sbatch.append(" --gres=gpu:").append(launch.resources().gpu());
        }
        site.partition().ifPresent(p -> sbatch.append(" --partition=").append(quote(p)));
        account.ifPresent(a -> sbatch.append(" --uid=").append(a.uid()).append(" --gid=").append(a.gid()));
        sbatch.append(' ').append(BATCH_FILE);
        ShellResult result = site.shell().run(sbatch.toString());
        heard(site, result);
        String jobId = result.stdout().trim().split(";")[0];
        if (!result.ok() || !jobId.matches("\\d+")) {
            if (controllerUnreachable(result)) {
                throw failed("sbatch refused " + ref, result);
            }
            throw new ExecutorException("sbatch refused " + ref + ": " + result.message(), !transientFailure(result));
        }
        return new ExecutionHandle(KIND, target, jobId, dir);
    }

    /**
     * Runs a Slurm command that asks the site's slurmctld, once the controller answered lately or
     * answers a probe: while it does not, fails at once as unreachable (decision 0095).
     */
    private ShellResult ask(Site site, String command) throws ExecutorException {
        controllers.check(site.cluster(), site.shell());
        ShellResult result = site.shell().run(command);
        heard(site, result);
        return result;
    }

    /** Tells the site's controller state what a command that asked slurmctld got. */
    private void heard(Site site, ShellResult result) {
        if (controllerUnreachable(result)) {
            controllers.unreachable(site.cluster(), result.message(), site.shell());
        } else {
            controllers.answered(site.cluster());
        }
    }

    /** Wakes the reconciler as soon as a controller that did not answer answers again. */
    @Override
    public void onChange(Runnable callback) {
        controllers.onBack(callback);
    }

    /** The controller did not answer (stopped, restarting, out of reach): every command on the cluster fails now. */
    private static boolean controllerUnreachable(ShellResult result) {
        return result.message().contains("Unable to contact slurm controller");
    }

    /** A Slurm command that failed: the whole cluster when its controller did not answer, else this call. */
    private static ExecutorException failed(String what, ShellResult result) {
        String message = what + ": " + result.message();
        return controllerUnreachable(result) ? ExecutorException.unreachable(message, null)
                : ExecutorException.transientFailure(message, null);
    }

    private static boolean transientFailure(ShellResult result) {
        String message = result.message();
        return List.of("contact", "timed out", "Socket", "Zero Bytes", "Connection refused", "try again")
                .stream().anyMatch(message::contains);
    }

    /** A node as {@code sinfo} lists it; {@code ready} when its state admits jobs (idle, mixed, allocated …). */
    public record SlurmNode(String name, String address, Resources capacity, String state, boolean ready) {
    }

    /** The nodes of every target's cluster; a cluster that cannot be asked now is logged and left out. */
    @Override
    public List<ClusterInventory.Node> nodes(Collection<String> targets) {
        List<ClusterInventory.Node> listed = new ArrayList<>();
        for (String target : targets) {
            try {
                for (SlurmNode node : nodes(target)) {
                    listed.add(new ClusterInventory.Node(node.name(), node.address(), KIND,
                            Optional.of(node.capacity()), node.ready() ? ClusterInventory.Health.READY
                            : ClusterInventory.Health.NOT_READY, "Slurm node, " + node.state()));
                }
            } catch (ExecutorException e) {
                log.warn("Cannot list the nodes of Slurm target '{}': {}", target, e.getMessage());
            }
        }
        return listed;
    }

    /** The nodes of the target's cluster (of its partition, when the target names one). */
    public List<SlurmNode> nodes(String target) throws ExecutorException {
        Site site = site(target);
        ShellResult listed = ask(site, "sinfo -h -N -o '%N|%o|%c|%m|%G|%T'"
                + site.partition().map(p -> " -p " + quote(p)).orElse(""));
        if (!listed.ok()) {
            throw failed("sinfo failed", listed);
        }
        List<SlurmNode> nodes = new ArrayList<>();
        for (String line : listed.stdout().lines().map(String::trim).filter(l -> !l.isEmpty()).distinct().toList()) {
            String[] f = line.split("\\|", -1);
            if (f.length < 6 || nodes.stream().anyMatch(n -> n.name().equals(f[0]))) {
                continue;
            }
            // a node in several partitions is listed once per partition; a '*' marks a state not yet confirmed
            String state = f[5].replaceAll("[*~#!%$@^-]+$", "");
            boolean ready = !state.matches("(?i).*(down|drain|fail|future|unknown|not_responding|power).*");
            nodes.add(new SlurmNode(f[0], f[1].isBlank() || f[1].equals("(null)") ? f[0] : f[1],
                    new Resources(number(f[2]), number(f[3]), gpus(f[4])), state.toLowerCase(Locale.ROOT),
                    ready));
        }
        return nodes;
    }

    private static int number(String field) {
        return field.trim().matches("\\d+") ? Integer.parseInt(field.trim()) : 0;
    }

    private static final Pattern GPU_GRES = Pattern.compile("^gpu(?::[^:(]+)?:(\\d+)");

    /** The gpu count of a GRES field such as {@code gpu:2}, {@code gpu:a100:4(S:0-1)} or {@code (null)}. */
    static int gpus(String gres) {
        int total = 0;
        for (String part : gres.split(",")) {
            Matcher gpu = GPU_GRES.matcher(part.trim());
            if (gpu.find()) {
                total += Integer.parseInt(gpu.group(1));
            }
        }
        return total;
    }

    @Override
    public Reattachment reattach(String target, AttemptRef ref) throws ExecutorException {
        Site site = site(target);
        String dir = site.dir(ref);
        ShellResult queued = ask(site, "squeue -h -t all --name=" + quote(ref.externalName()) + " -o %i");
        if (!queued.ok()) {
            throw failed("squeue failed", queued);
        }
        Optional<String> known = queued.stdout().lines().map(String::trim).filter(l -> l.matches("\\d+")).findFirst();
        if (known.isPresent()) {
            return Reattachment.started(new ExecutionHandle(KIND, target, known.get(), dir));
        }
        if (site.attempts().fenceOrFind(dir).isEmpty()) {
            return Reattachment.neverStarted();
        }
        String jobId = site.attempts().status(dir, Optional.empty()).slurmJobId().orElse("unknown");
        return Reattachment.started(new ExecutionHandle(KIND, target, jobId, dir));
    }

    @Override
    public TaskObservation observe(ExecutionHandle handle) throws ExecutorException {
        Site site = site(handle.target());
        Optional<SlurmJobInfo> job = jobInfo(site, handle.externalId());
        RemoteAttempts.RunnerStatus files = site.attempts().status(handle.workDir(), Optional.empty());
        return SlurmOutcome.of(handle.externalId(), job, files);
    }

    /** The job as the controller knows it; empty once it left the controller's memory (MinJobAge). */
    private Optional<SlurmJobInfo> jobInfo(Site site, String jobId) throws ExecutorException {
        if (!jobId.matches("\\d+")) {
            return Optional.empty();
        }
        ShellResult shown = ask(site, "scontrol -o show job " + jobId);
        if (shown.ok()) {
            return SlurmJobInfo.parse(shown.stdout());
        }
        if (shown.message().contains("Invalid job id")) {
            return Optional.empty();
        }
        throw failed("scontrol failed", shown);
    }

    @Override
    public void stop(ExecutionHandle handle, Duration grace) throws ExecutorException {
        Site site = site(handle.target());
        String touch = RemoteAttempts.PRIVATE + "touch " + quote(handle.workDir() + "/" + RunnerScript.STOP_FILE);
        if (!handle.externalId().matches("\\d+")) {
            ShellResult touched = site.shell().runIn(handle.workDir(), touch);
            if (!touched.ok()) {
                throw failed("cannot ask the runner to stop", touched);
            }
            return;
        }
        try {
            controllers.check(site.cluster(), site.shell());
        } catch (ExecutorException down) {
            // the runner reads its stop file without slurmctld; scancel follows when the stop is asked again
            site.shell().runIn(handle.workDir(), touch);
            throw down;
        }
        ShellResult result = site.shell().runIn(handle.workDir(), touch + "; scancel " + handle.externalId());
        heard(site, result);
        if (!result.ok()) {
            throw failed("scancel failed", result);
        }
    }

    /**
     * Slurm's accounting ({@code sacct}: MaxRSS, TotalCPU) where slurmdbd keeps it; the runner's
     * CPU time fills what sacct cannot say (no slurmdbd: sacct exits non-zero).
     */
    @Override
    public MeasuredUse measured(ExecutionHandle handle) throws ExecutorException {
        MeasuredUse runner = Executor.super.measured(handle);
        if (!handle.externalId().matches("\\d+")) {
            return runner;
        }
        ShellResult sacct = site(handle.target()).shell().run("sacct -n -P -j " + handle.externalId()
                + " --format=MaxRSS,TotalCPU");
        if (!sacct.ok()) {
            return runner;
        }
        MeasuredUse accounted = SlurmAccounting.parse(sacct.stdout());
        return new MeasuredUse(accounted.peakMemoryMb(), accounted.cpuTimeMs().or(runner::cpuTimeMs));
    }

    @Override
    public LogChunk read(ExecutionHandle handle, String relativePath, long offset, int maxBytes)
            throws ExecutorException {
        return site(handle.target()).attempts().shell().readFile(
                handle.workDir() + "/" + AttemptFiles.checkRelative(relativePath), offset, maxBytes);
    }
}
