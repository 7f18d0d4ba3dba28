package org.gantry.runtime.ssh;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.gantry.runtime.runner.AttemptFiles;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.AttemptShell;
import org.gantry.runtime.ClusterInventory;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;
import org.gantry.runtime.Placement;
import org.gantry.runtime.Reattachment;
import org.gantry.runtime.Resources;
import org.gantry.runtime.runner.RemoteAttempts;
import org.gantry.runtime.runner.RunnerClaim;
import org.gantry.runtime.runner.RunnerOutcome;
import org.gantry.runtime.runner.HostMounts;
import org.gantry.runtime.runner.RunnerScript;
import org.gantry.runtime.TargetHost;
import org.gantry.runtime.TaskLaunch;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.hosts.SshTarget;
import org.gantry.runtime.hosts.SshTargets;
import org.gantry.security.VirtualCluster;
import org.gantry.terminal.TaskShellTarget;

/**
 * Runs tasks on an administrator-registered SSH host as the host's login: uploads the task
 * and runner scripts over SFTP into {@code <baseDir>/tasks/<user>/<job>/<role>-<index>/attempt-N},
 * starts the runner detached with {@code setsid nohup}, and follows it through its pid file.
 * The host needs bash, coreutils and /proc; nothing of Gantry.
 */
public class SshExecutor implements Executor {

    private volatile long logLimit;

    /** Keeps at most this many bytes of each task's stdout and stderr (see {@link RunnerScript#logLimit}); 0 keeps all. */
    public SshExecutor logLimit(long bytes) {
        this.logLimit = bytes;
        return this;
    }

    public static final String KIND = "ssh";

    private final SshTargets targets;
    private final MinaSshClients clients;
    private final HostStates states;

    public SshExecutor(SshTargets targets, MinaSshClients clients) {
        this(targets, clients, HostStates.NONE);
    }

    SshExecutor(SshTargets targets, MinaSshClients clients, HostStates states) {
        this.targets = targets;
        this.clients = clients;
        this.states = states;
    }

    @Override
    public String kind() {
        return KIND;
    }

    private SshTarget target(String alias) throws ExecutorException {
        return targets.find(alias).orElseThrow(() -> ExecutorException.permanent("No SSH host '" + alias
                + "' is registered; an administrator registers it under Admin → SSH hosts"));
    }

    private RemoteAttempts attempts(SshTarget target) {
        return new RemoteAttempts(clients.shell(target));
    }

    static String attemptDir(SshTarget target, AttemptRef ref) {
        return target.baseDir() + "/tasks/" + ref.relativeDirString();
    }

    /**
     * Where a user's tasks would run on the first host of {@code target} that takes new tasks;
     * admission asks it for the one host it placed a task on.
     */
    @Override
    public Placement placement(String target, String user) throws ExecutorException {
        List<TargetHost> hosts = hosts(target).orElseThrow();
        if (hosts.isEmpty()) {
            throw ExecutorException.permanent("The virtual cluster names no SSH host; an administrator adds one"
                    + " under Admin → Virtual clusters");
        }
        Optional<TargetHost> open = hosts.stream().filter(h -> h.unavailable().isEmpty()).findFirst();
        if (open.isEmpty()) {
            // transient: admission leaves the tasks waiting, with this as their reason, until a host is back
            throw ExecutorException.transientFailure(String.join("; ", hosts.stream()
                    .map(h -> h.unavailable().orElseThrow()).toList()), null);
        }
        SshTarget host = target(open.get().target());
        String base = host.baseDir().startsWith("/") ? host.baseDir() : "~/" + host.baseDir();
        return new Placement(host.host(), base + "/cache");
    }

    /** The aliases of a virtual cluster's target, comma-separated in the order tasks fill them. */
    static List<String> aliases(String target) {
        return VirtualCluster.targets(KIND, target);
    }

    /** Each host of the target with what a deploy measured on it; draining and unregistered ones take no task. */
    @Override
    public Optional<List<TargetHost>> hosts(String target) {
        return Optional.of(aliases(target).stream().map(alias -> new TargetHost(alias, states.capacity(alias),
                unavailable(alias))).toList());
    }

    private Optional<String> unavailable(String alias) {
        if (targets.find(alias).isEmpty()) {
            return Optional.of("no SSH host " + alias + " is registered");
        }
        return states.draining(alias) ? Optional.of("SSH host " + alias + " is draining and takes no new tasks")
                : Optional.empty();
    }

    /**
     * The capacity a deploy measured, the largest of the target's hosts in each of cpu, memory
     * and gpu; empty when a host's is unknown (it may take anything).
     */
    @Override
    public Optional<Resources> largestNode(String target) {
        Resources largest = Resources.NONE;
        boolean any = false;
        for (String alias : aliases(target)) {
            Optional<Resources> capacity = states.capacity(alias);
            if (capacity.isEmpty()) {
                if (targets.find(alias).isPresent()) {
                    return Optional.empty();
                }
                continue;
            }
            any = true;
            Resources c = capacity.get();
            largest = new Resources(Math.max(largest.cpu(), c.cpu()), Math.max(largest.memoryMB(), c.memoryMB()),
                    Math.max(largest.gpu(), c.gpu()));
        }
        return any ? Optional.of(largest) : Optional.empty();
    }

    /** Every registered host, whether a virtual cluster uses it or not; SSH hosts are not probed for it. */
    @Override
    public List<ClusterInventory.Node> nodes(Collection<String> targets) {
        return this.targets.all().stream().map(host -> new ClusterInventory.Node(host.alias(), host.host(), KIND,
                states.capacity(host.alias()), ClusterInventory.Health.UNKNOWN,
                host.username() + "@" + host.host() + ":" + host.port()
                        + (states.draining(host.alias()) ? ", draining" : ""))).toList();
    }

    /** A shell on the registered host as its login, in the task's working directory. */
    @Override
    public TaskShellTarget shell(ExecutionHandle handle, AttemptShell shell) {
        return new TaskShellTarget.SshHost(targets.endpoint(handle.target(), shell.knownHosts()), shell.workDir(),
                shell.env(), shell.init());
    }

    @Override
    public ExecutionHandle submit(String alias, TaskLaunch launch) throws ExecutorException {
        SshTarget target = target(alias);
        RemoteAttempts attempts = attempts(target);
        String dir = attemptDir(target, launch.ref());
        attempts.prepare(dir, launch.script(), new RunnerScript().env(launch.env()).logLimit(logLimit)
                .prefix(HostMounts.check(launch.mounts())).render());
        RunnerClaim claim = attempts.startDetached(dir);
        return new ExecutionHandle(KIND, alias, claim.externalId(), dir);
    }

    @Override
    public Reattachment reattach(String alias, AttemptRef ref) throws ExecutorException {
        SshTarget target = target(alias);
        String dir = attemptDir(target, ref);
        Optional<String> pidFile = attempts(target).fenceOrFind(dir);
        if (pidFile.isEmpty()) {
            return Reattachment.neverStarted();
        }
        String externalId = RunnerClaim.parse(pidFile.get()).map(RunnerClaim::externalId).orElse("0:0");
        return Reattachment.started(new ExecutionHandle(KIND, alias, externalId, dir));
    }

    @Override
    public TaskObservation observe(ExecutionHandle handle) throws ExecutorException {
        RemoteAttempts.RunnerStatus status = attempts(target(handle.target()))
                .status(handle.workDir(), RunnerClaim.fromExternalId(handle.externalId()));
        String node = status.node().orElse(null);
        if (status.exitCode().isEmpty() && status.alive()) {
            return TaskObservation.running(node);
        }
        if (!status.dirExists()) {
            return TaskObservation.ended(-1, node).withPhase(TaskObservation.Phase.FAILED)
                    .withDiagnostics("the attempt's directory " + handle.workDir() + " is gone from the host");
        }
        return RunnerOutcome.classify(status.exitCode(), status.stopRequested(), false, node);
    }

    @Override
    public void stop(ExecutionHandle handle, Duration grace) throws ExecutorException {
        attempts(target(handle.target())).stop(handle.workDir(), RunnerClaim.fromExternalId(handle.externalId()),
                grace);
    }

    @Override
    public LogChunk read(ExecutionHandle handle, String relativePath, long offset, int maxBytes)
            throws ExecutorException {
        return attempts(target(handle.target())).shell().readFile(
                handle.workDir() + "/" + AttemptFiles.checkRelative(relativePath), offset, maxBytes);
    }
}
