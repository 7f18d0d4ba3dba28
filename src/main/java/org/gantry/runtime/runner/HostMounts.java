package org.gantry.runtime.runner;

import java.util.List;
import org.gantry.base.shell.Bash;
import org.gantry.runtime.TaskMount;

/**
 * Storages on a machine where the administrator says they are mounted (an SSH host, a Slurm
 * node; a storage's "mounted on" list): nothing is mounted for the task, the storage is
 * expected at its mount path already. Before the task starts, the runner checks that each
 * mount path is a directory there, so that a storage missing on that machine fails the task
 * at once with its name and path instead of a "No such file or directory" somewhere in the
 * task's own output. See docs/decisions/0034-storages-in-jobs.md.
 */
public final class HostMounts {

    /** The exit status of a task whose storage is missing on its machine (as for a mount that failed locally). */
    public static final int MISSING_EXIT = 125;

    private HostMounts() {
    }

    /** The words put before {@code bash task.sh}: the checks, then {@code exec} of the rest. Empty without mounts. */
    public static List<String> check(List<TaskMount> mounts) {
        if (mounts.isEmpty()) {
            return List.of();
        }
        StringBuilder script = new StringBuilder();
        for (TaskMount mount : mounts) {
            String path = Bash.quote(mount.mountPath());
            script.append("[ -d ").append(path).append(" ] || { echo ")
                    .append(Bash.quote("gantry: storage " + mount.name() + " is not at " + mount.mountPath()
                            + " on this machine ("))
                    .append("\"$(hostname)\"")
                    .append(Bash.quote("), where it is said to be mounted: ask an administrator to mount it there"
                            + " or to take this machine off its 'Also mounted on' list"))
                    .append(" >&2; exit ").append(MISSING_EXIT).append("; }\n");
        }
        script.append("exec \"$@\"\n");
        return List.of("bash", "-c", script.toString(), "gantry-storages");
    }
}
