package org.gantry.terminal;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.gantry.base.ssh.SshEndpoint;

/**
 * Where a running task lives, as much as the gateway needs to open a shell next to it. The
 * runtime fills these in; the gateway never runs anything as Gantry's own account unless
 * that is the task's account too.
 */
public sealed interface TaskShellTarget {

    /** The task's environment variables (PAI_*, GANTRY_*, the deps' env), exported into the shell. */
    Map<String, String> environment();

    /**
     * A bash file sourced by the shell after the user's own startup files, replaying the task's
     * setup that a shell must share (module loads, conda or venv activation); a path on the
     * machine where the shell runs, readable by the task's account, relative to its home
     * directory unless absolute.
     */
    Optional<String> initScript();

    /**
     * A task of the local executor: a shell on this machine as the task's OS account.
     *
     * @param osAccount the unprivileged account the task runs as
     * @param workingDirectory the task's working directory, where the shell starts
     * @param mountNamespacePid a process of the task in the mount namespace of its own where its
     *        storages are mounted (docs/decisions/0034); the shell enters it, so it sees them too
     */
    record Local(String osAccount, Path workingDirectory, Map<String, String> environment,
                 Optional<String> initScript, OptionalLong mountNamespacePid) implements TaskShellTarget {

        public Local {
            environment = Map.copyOf(environment);
        }

        /** A task in this machine's own mount namespace (no storages mounted into it). */
        public Local(String osAccount, Path workingDirectory, Map<String, String> environment,
                     Optional<String> initScript) {
            this(osAccount, workingDirectory, environment, initScript, OptionalLong.empty());
        }
    }

    /**
     * A task running in a Slurm allocation: the shell is {@code srun --jobid=<id> --overlap --pty bash},
     * started on this machine as {@code osAccount} or, when {@code loginNode} is given, on that
     * login node over SSH.
     *
     * @param slurmJobId the allocation's job id
     * @param osAccount the account that may attach to the allocation (its owner), when srun runs here
     * @param loginNode where to run srun when this machine is not a Slurm submit host
     * @param workingDirectory where the shell starts on the compute node
     */
    record Slurm(String slurmJobId, String osAccount, Optional<SshEndpoint> loginNode, Optional<String> workingDirectory,
                 Map<String, String> environment, Optional<String> initScript) implements TaskShellTarget {

        public Slurm {
            if (!slurmJobId.matches("[0-9]+(_[0-9]+)?")) {
                throw new IllegalArgumentException("Not a Slurm job id: " + slurmJobId);
            }
            environment = Map.copyOf(environment);
        }
    }

    /**
     * A task of the SSH executor: an onward SSH connection to its host, into its working directory.
     *
     * @param host the host the task runs on, with the credentials Gantry uses there
     * @param workingDirectory the task's working directory on that host, relative to the login's home unless absolute
     */
    record SshHost(SshEndpoint host, String workingDirectory, Map<String, String> environment,
                   Optional<String> initScript) implements TaskShellTarget {

        public SshHost {
            environment = Map.copyOf(environment);
        }
    }
}
