package org.gantry.runtime.local;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.base.shell.Bash;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.TaskMount;
import org.gantry.runtime.hosts.TaskAccount;

/**
 * Storages in a local task's view: the runner starts the task in a mount namespace of its own
 * ({@code unshare --mount}, private propagation) where each storage's directory is bind-mounted
 * at its mount path, read-only when the storage is. Nothing of it is seen outside the task,
 * so two users' tasks see their own {@code /mnt/home} at the same path. Only root can do this.
 *
 * <p>Permissions: the task runs as its user's task account, the storage's files belong to
 * whoever wrote them (Gantry's REST routes write as Gantry's user). Before the mount the
 * account is granted POSIX ACL entries on the directory ({@code rwX}, or {@code rX} read-only),
 * as default entries too, so that files Gantry or a task creates later are the account's to
 * use; the whole tree is granted once, when the root lacks the entry. See
 * docs/decisions/0034-storages-in-jobs.md; without root, {@link #plan} gives the storages'
 * directories in variables instead (docs/decisions/0054-storages-without-root.md).
 */
final class StorageMounts {

    /**
     * A file in the attempt's directory while the task's mounts are being made: written before
     * the runner starts, removed by the mount script just before it {@code exec}s the task. A
     * shell opened meanwhile waits for it to go, or it would join a namespace without the mounts.
     */
    static final String PENDING_FILE = "mounts-pending";

    private StorageMounts() {
    }

    /**
     * How a local task sees its storages: {@code prefix} is put before {@code setpriv … bash
     * task.sh}, {@code env} overrides the task's variables.
     */
    record Plan(List<String> prefix, Map<String, String> env) {
    }

    /**
     * As root, a mount namespace with the grants and bind mounts ({@link #prefix}). Not as root
     * (decision 0054), no mount: each storage's {@code GANTRY_STORAGE_<name>} holds its directory
     * on this host instead of its mount path, where the task, running as Gantry's own user, reads
     * and writes it. A read-only storage is refused there: nothing could keep the task from
     * writing into it.
     *
     * @throws ExecutorException when the storages cannot be given to the task here
     */
    static Plan plan(List<TaskMount> mounts, boolean root, Optional<TaskAccount> account) throws ExecutorException {
        if (root || mounts.isEmpty()) {
            return new Plan(prefix(mounts, account), Map.of());
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (TaskMount mount : mounts) {
            Path source = mount.source().orElseThrow(() -> ExecutorException.permanent("Storage " + mount.name()
                    + " has no directory on this host"));
            if (mount.readOnly()) {
                throw ExecutorException.permanent("Storage " + mount.name() + " is read-only, and Gantry, not running"
                        + " as root, cannot mount it read-only into a task: run Gantry as root, or read the storage"
                        + " through gantry fs");
            }
            env.put(mount.variable(), source.toString());
        }
        return new Plan(List.of(), env);
    }

    /**
     * The words put before {@code setpriv … bash task.sh} as root: a mount namespace, the grants
     * and mounts, then {@code exec} of the rest. Empty without mounts.
     *
     * @throws ExecutorException when a storage has no directory on this host
     */
    private static List<String> prefix(List<TaskMount> mounts, Optional<TaskAccount> account)
            throws ExecutorException {
        if (mounts.isEmpty()) {
            return List.of();
        }
        StringBuilder script = new StringBuilder("set -e\n");
        for (TaskMount mount : mounts) {
            String source = mount.source().orElseThrow(() -> ExecutorException.permanent("Storage " + mount.name()
                    + " has no directory on this host to mount")).toString();
            String target = mount.mountPath();
            if (account.isPresent()) {
                grant(script, source, account.get().uid(), mount.readOnly());
            }
            script.append("if [ -L ").append(Bash.quote(target)).append(" ] || { [ -e ").append(Bash.quote(target))
                    .append(" ] && [ ! -d ").append(Bash.quote(target)).append(" ]; }; then echo ")
                    .append(Bash.quote("gantry: cannot mount storage " + mount.name() + " at " + target
                            + ": something other than a directory is there")).append(" >&2; exit 125; fi\n")
                    // the runner's umask 077 would leave new parents untraversable for the task's account
                    .append("(umask 022 && mkdir -p -- ").append(Bash.quote(target)).append(")\n")
                    .append("mount --bind -- ").append(Bash.quote(source)).append(' ').append(Bash.quote(target))
                    .append('\n');
            if (mount.readOnly()) {
                script.append("mount -o remount,bind,ro -- ").append(Bash.quote(target)).append('\n');
            }
        }
        // the runner runs its prefix in the attempt's work directory (RunnerScript.WORK_DIR)
        script.append("rm -f -- ../").append(PENDING_FILE).append('\n');
        script.append("exec \"$@\"\n");
        return List.of("unshare", "--mount", "--propagation", "private", "--", "bash", "-c", script.toString(),
                "gantry-mounts");
    }

    /** ACL entries for the account on the directory; the first time (root lacks it) on the whole tree. */
    private static void grant(StringBuilder script, String source, int uid, boolean readOnly) {
        String dirs = "u:" + uid + ":" + (readOnly ? "rx" : "rwx");
        String files = "u:" + uid + ":" + (readOnly ? "r" : "rw");
        String q = Bash.quote(source);
        script.append("command -v setfacl >/dev/null || { echo 'gantry: setfacl is missing on this host (Debian package"
                        + " acl); storages cannot be shared with task accounts' >&2; exit 125; }\n")
                .append("if ! getfacl -pn -- ").append(q).append(" 2>/dev/null | grep -q ")
                .append(Bash.quote("^default:user:" + uid + ":" + (readOnly ? "r-x" : "rwx"))).append("; then\n")
                .append("  find ").append(q).append(" -xdev -type d -exec setfacl -m ").append(dirs).append(",d:")
                .append(dirs).append(" -- {} +\n")
                .append("  find ").append(q).append(" -xdev ! -type d ! -type l -exec setfacl -m ").append(files)
                .append(" -- {} +\n")
                .append("fi\n");
    }
}
