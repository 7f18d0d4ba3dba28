package org.gantry.runtime;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.gantry.deps.PipOptions;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How Gantry runs tasks.
 *
 * @param enabled Whether the reconciler launches and follows tasks; when off, submitted jobs wait.
 * @param reconcileInterval Time between two passes of the reconciler over unfinished tasks.
 * @param stopGrace Time a stopped task gets between SIGTERM and SIGKILL.
 * @param portRangeStart First port handed out for {@code resourcePerInstance.ports}.
 * @param portRangeEnd Last port handed out for {@code resourcePerInstance.ports}.
 * @param local Settings of the local executor.
 * @param ssh Settings of the SSH executor.
 * @param slurm Settings of the Slurm executor.
 * @param pip How the deps renderer builds virtualenvs for pip.
 * @param platformRetries How tasks whose failure was transient and not the job's run again.
 * @param logLimit Bytes of each task's stdout and of its stderr that are kept; the log then ends with a line saying it was truncated, and the rest is discarded; 0 keeps everything.
 */
@ConfigurationProperties("gantry.runtime")
public record RuntimeProperties(
        @DefaultValue("true") boolean enabled,
        @DefaultValue("2s") Duration reconcileInterval,
        @DefaultValue("10s") Duration stopGrace,
        @DefaultValue("20000") int portRangeStart,
        @DefaultValue("29999") int portRangeEnd,
        @DefaultValue Local local,
        @DefaultValue Ssh ssh,
        @DefaultValue Slurm slurm,
        @DefaultValue Pip pip,
        @DefaultValue PlatformRetries platformRetries,
        @DefaultValue("1GB") DataSize logLimit) {

    /**
     * @param max Times a task runs again after transient failures in one job attempt, apart from its taskRetryCount; 0 turns platform retries off.
     * @param backoff Time before a task's first platform retry; each further one waits twice as long.
     * @param tailBytes How much of the end of a failed attempt's stdout and of its stderr is read to tell a transient failure, in bytes.
     */
    public record PlatformRetries(@DefaultValue("3") int max, @DefaultValue("5s") Duration backoff,
                                  @DefaultValue("10485760") long tailBytes) {

        /** The wait before platform retry {@code n} (1 for the first): backoff, doubled each time, at most 64 times. */
        public Duration delay(int n) {
            return backoff.multipliedBy(1L << Math.min(Math.max(n - 1, 0), 6));
        }
    }

    /** Which OS accounts local tasks run as when Gantry runs as root. */
    public enum TaskAccounts {
        /** One shared unprivileged account for every user's tasks: they can read each other's files and secrets. */
        SHARED,
        /** One unprivileged account per Gantry user: tasks of different users cannot read each other's files. */
        PER_USER
    }

    /**
     * @param cpu Cores the local executor hands out; defaults to the machine's.
     * @param memoryMb Memory in MiB the local executor hands out; defaults to the machine's.
     * @param gpu GPUs the local executor hands out; defaults to none.
     * @param allowSameUser Whether local tasks may run as Gantry's own OS user when Gantry cannot switch accounts.
     * @param taskAccounts Which OS accounts local tasks run as when Gantry runs as root: one per user, or one shared.
     * @param sharedAccount Name of the shared task account, created on first use when missing.
     * @param accountPrefix Prefix of the per-user task accounts, created on first use (1 to 16 characters).
     * @param memoryLimit How memoryMB is enforced: auto (cgroup when writable, else prlimit), cgroup, prlimit or none.
     * @param tasksDir Directory of the local tasks' working directories; defaults to "tasks" in the data directory.
     * @param cacheRetention How long a cached pip or conda env no task used is kept; 0 keeps them for ever.
     * @param warmRunners Runners kept started (in their memory cgroup) ahead of need, so a task does not wait for one; 0 starts each with its task.
     */
    public record Local(Integer cpu, Integer memoryMb, @DefaultValue("0") int gpu,
                        @DefaultValue("false") boolean allowSameUser,
                        @DefaultValue("per-user") TaskAccounts taskAccounts,
                        @DefaultValue("gantry-task") String sharedAccount,
                        @DefaultValue("gantry-") String accountPrefix,
                        @DefaultValue("auto") String memoryLimit,
                        Path tasksDir,
                        @DefaultValue("30d") Duration cacheRetention,
                        @DefaultValue("2") int warmRunners) {

        /** An unset directory is the data directory's "tasks" (null when unset, as the binder gives it). */
        public Optional<Path> tasksDirectory() {
            return Optional.ofNullable(tasksDir);
        }

        public int effectiveCpu() {
            return cpu != null ? cpu : Runtime.getRuntime().availableProcessors();
        }

        public int effectiveMemoryMb() {
            return memoryMb != null ? memoryMb : MachineMemory.totalMb();
        }

        public Resources capacity() {
            return new Resources(effectiveCpu(), effectiveMemoryMb(), gpu);
        }
    }

    /**
     * @param connectTimeout Time to connect and authenticate to an SSH host.
     * @param commandTimeout Time one remote command may take.
     * @param keepaliveInterval Time between keepalive requests on an open SSH connection, as OpenSSH's ServerAliveInterval; 0 turns them off.
     * @param keepaliveCountMax Keepalive requests left unanswered before the connection is closed as dead, as OpenSSH's ServerAliveCountMax.
     */
    public record Ssh(@DefaultValue("5s") Duration connectTimeout, @DefaultValue("60s") Duration commandTimeout,
                      @DefaultValue("2s") Duration keepaliveInterval, @DefaultValue("3") int keepaliveCountMax) {

        /** docs/decisions/0090-ssh-keepalives-and-connect-timeout.md */
        public static final Duration DEFAULT_KEEPALIVE_INTERVAL = Duration.ofSeconds(2);
        public static final int DEFAULT_KEEPALIVE_COUNT_MAX = 3;

        public Ssh {
            if (keepaliveInterval.isNegative()) {
                throw new IllegalArgumentException("gantry.runtime.ssh.keepalive-interval must not be negative");
            }
            if (keepaliveCountMax < 1) {
                throw new IllegalArgumentException("gantry.runtime.ssh.keepalive-count-max must be at least 1");
            }
        }
    }

    /**
     * @param conf Slurm configuration file handed to the Slurm commands as SLURM_CONF; the commands' default when unset.
     * @param binDir Directory holding sbatch, squeue, scontrol and scancel; found on the PATH when unset.
     * @param remoteBaseDir Directory for attempts on a login node reached over SSH, relative to the login's home.
     */
    public record Slurm(Path conf, Path binDir, @DefaultValue(".gantry/slurm") String remoteBaseDir) {

        public Optional<Path> confFile() {
            return Optional.ofNullable(conf);
        }

        public Optional<Path> binDirectory() {
            return Optional.ofNullable(binDir);
        }
    }

    /**
     * @param python Interpreter that creates virtualenvs when no conda env is active.
     * @param extraArgs Arguments added to every pip install, e.g. --index-url URL, or --no-index --find-links DIR.
     */
    public record Pip(@DefaultValue("python3") String python, @DefaultValue({}) List<String> extraArgs) {

        public Pip {
            extraArgs = extraArgs == null ? List.of() : List.copyOf(extraArgs);
        }

        public PipOptions options() {
            return new PipOptions(python, extraArgs);
        }
    }
}
