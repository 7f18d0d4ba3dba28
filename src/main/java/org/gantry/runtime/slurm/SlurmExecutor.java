package org.gantry.runtime.slurm;

import static org.gantry.runtime.ShellWords.quote;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.runtime.AttemptFiles;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;
import org.gantry.runtime.Placement;
import org.gantry.runtime.ProcessShell;
import org.gantry.runtime.Reattachment;
import org.gantry.runtime.RemoteAttempts;
import org.gantry.runtime.RemoteShell;
import org.gantry.runtime.RemoteShell.ShellResult;
import org.gantry.runtime.Resources;
import org.gantry.runtime.RunnerScript;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.TaskLaunch;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.local.LocalExecutor;
import org.gantry.runtime.local.TaskAccount;
import org.gantry.runtime.ssh.MinaSshClients;
import org.gantry.runtime.ssh.SshTarget;
import org.gantry.runtime.ssh.SshTargets;

/**
 * Runs each task as one Slurm batch job: writes the runner and task scripts into the attempt's
 * directory (under the local tasks dir, or under the login's home over SSH), submits a
 * two-line batch script with {@code sbatch --export=NONE}, and follows the job by its id
 * ({@code scontrol}) and by the runner's files once Slurm forgot it. On Gantry's host as root,
 * jobs run as the user's task account ({@code sbatch --uid}). Stopping is {@code scancel}, with
 * the cluster's KillWait between SIGTERM and SIGKILL.
 */
public class SlurmExecutor implements Executor {

    public static final String KIND = "slurm";
    static final String BATCH_FILE = "batch.sh";
    static final String BATCH = "#!/bin/bash\n# Gantry: one task attempt as a Slurm batch job.\n"
            + "cd \"$SLURM_SUBMIT_DIR\" || exit 1\nexec bash " + RunnerScript.FILE + "\n";

    private final RuntimeProperties.Slurm settings;
    private final LocalExecutor local;
    private final SshTargets targets;
    private final MinaSshClients clients;
    private final RemoteShell localShell;

    public SlurmExecutor(RuntimeProperties.Slurm settings, Duration commandTimeout, LocalExecutor local,
                         SshTargets targets, MinaSshClients clients) {
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

    /** Where a target's jobs are submitted from and keep their attempt dirs. */
    private record Site(RemoteShell shell, String baseDir, boolean local, Optional<String> partition) {
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
            return new Site(localShell, localBase().toString(), true, parsed.partition());
        }
        SshTarget login = targets.find(parsed.sshAlias().get()).orElseThrow(() -> ExecutorException.permanent(
                "No SSH host '" + parsed.sshAlias().get() + "' is registered as a Slurm login node"));
        return new Site(clients.shell(login), settings.remoteBaseDir(), false, parsed.partition());
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

    /** The largest node of the target's partition (or of the cluster) that takes jobs now, as {@code sinfo} tells. */
    @Override
    public Optional<Resources> largestNode(String target) throws ExecutorException {
        Site site = site(target);
        String partition = site.partition().map(p -> " --partition=" + quote(p)).orElse("");
        ShellResult nodes = site.shell().run("sinfo --noheader --Node --responding --format="
                + quote(SlurmNodes.FORMAT) + partition);
        if (!nodes.ok()) {
            throw ExecutorException.transientFailure("sinfo failed: " + nodes.message(), null);
        }
        return Optional.of(SlurmNodes.largest(nodes.stdout()));
    }

    @Override
    public ExecutionHandle submit(String target, TaskLaunch launch) throws ExecutorException {
        Site site = site(target);
        AttemptRef ref = launch.ref();
        String dir = site.dir(ref);
        Optional<TaskAccount> account = site.local() ? local.accountFor(ref.user()) : Optional.empty();
        site.attempts().prepare(dir, launch.script(), new RunnerScript().env(launch.env()).render());
        site.shell().writeFile(dir + "/" + BATCH_FILE, BATCH, 0700);
        if (site.local()) {
            try {
                local.handOver(localBase(), ref, account);
            } catch (IOException e) {
                throw ExecutorException.transientFailure("cannot hand " + dir + " over: " + e.getMessage(), e);
            }
        }
        StringBuilder sbatch = new StringBuilder("cd ").append(quote(dir))
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
        String jobId = result.stdout().trim().split(";")[0];
        if (!result.ok() || !jobId.matches("\\d+")) {
            throw new ExecutorException("sbatch refused " + ref + ": " + result.message(), !transientFailure(result));
        }
        return new ExecutionHandle(KIND, target, jobId, dir);
    }

    private static boolean transientFailure(ShellResult result) {
        String message = result.message();
        return List.of("contact", "timed out", "Socket", "Zero Bytes", "Connection refused", "try again")
                .stream().anyMatch(message::contains);
    }

    @Override
    public Reattachment reattach(String target, AttemptRef ref) throws ExecutorException {
        Site site = site(target);
        String dir = site.dir(ref);
        ShellResult queued = site.shell().run("squeue -h -t all --name=" + quote(ref.externalName()) + " -o %i");
        if (!queued.ok()) {
            throw ExecutorException.transientFailure("squeue failed: " + queued.message(), null);
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
        ShellResult shown = site.shell().run("scontrol -o show job " + jobId);
        if (shown.ok()) {
            return SlurmJobInfo.parse(shown.stdout());
        }
        if (shown.message().contains("Invalid job id")) {
            return Optional.empty();
        }
        throw ExecutorException.transientFailure("scontrol failed: " + shown.message(), null);
    }

    @Override
    public void stop(ExecutionHandle handle, Duration grace) throws ExecutorException {
        Site site = site(handle.target());
        String cancel = handle.externalId().matches("\\d+") ? "; scancel " + handle.externalId() : "";
        ShellResult result = site.shell().runIn(handle.workDir(), "touch "
                + quote(handle.workDir() + "/" + RunnerScript.STOP_FILE)
                + cancel);
        if (!result.ok()) {
            throw ExecutorException.transientFailure("scancel failed: " + result.message(), null);
        }
    }

    @Override
    public LogChunk read(ExecutionHandle handle, String relativePath, long offset, int maxBytes)
            throws ExecutorException {
        return site(handle.target()).attempts().shell().readFile(
                handle.workDir() + "/" + AttemptFiles.checkRelative(relativePath), offset, maxBytes);
    }
}
