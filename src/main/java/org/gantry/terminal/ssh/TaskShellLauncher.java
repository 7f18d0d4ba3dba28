package org.gantry.terminal.ssh;

import java.io.IOException;
import java.util.Optional;
import org.gantry.terminal.LocalShells;
import org.gantry.terminal.ShellRequest;
import org.gantry.terminal.ShellScripts;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShell;
import org.gantry.terminal.TaskShellTarget;
import org.springframework.stereotype.Component;

/** Opens the shell a target calls for: here through pty4j, or onward over SSH. */
@Component
class TaskShellLauncher {

    private final LocalShells localShells;
    private final OnwardSsh onwardSsh;

    TaskShellLauncher(LocalShells localShells, OnwardSsh onwardSsh) {
        this.localShells = localShells;
        this.onwardSsh = onwardSsh;
    }

    /** The onward SSH client, for the other channels that reach tasks on SSH hosts. */
    OnwardSsh onward() {
        return onwardSsh;
    }

    /**
     * @throws org.gantry.terminal.ShellUnavailableException when the target cannot be entered,
     *     with a message for the user
     */
    TaskShell open(TaskShellTarget target, TaskRoute route, ShellRequest request) throws IOException {
        if (target instanceof TaskShellTarget.Local local) {
            return localShells.open(local, route, request);
        }
        if (target instanceof TaskShellTarget.Slurm slurm) {
            if (slurm.loginNode().isPresent()) {
                return onwardSsh.open(slurm.loginNode().get(), LocalShells.srun(slurm, request), slurm.environment(),
                        slurm.initScript(), slurm.workingDirectory(), route, request);
            }
            return localShells.open(slurm, route, request);
        }
        TaskShellTarget.SshHost host = (TaskShellTarget.SshHost) target;
        return onwardSsh.open(host.host(), ShellScripts.forRequest(request), host.environment(),
                host.initScript(), Optional.of(host.workingDirectory()), route, request);
    }
}
