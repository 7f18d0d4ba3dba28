package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Optional;
import java.util.Set;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.hosts.TaskAccount;

/**
 * The directories of local tasks: attempt parents that task accounts may pass through but
 * not list, a per-user directory only that user's account may enter (with per-user accounts),
 * and a private cache directory per account for the deps renderer's environments.
 */
final class LocalTaskDirs {

    private final Path tasksDir;
    private final TaskAccounts accounts;

    LocalTaskDirs(Path tasksDir, TaskAccounts accounts) {
        this.tasksDir = tasksDir;
        this.accounts = accounts;
    }

    /**
     * Makes an attempt directory that another executor created under {@code base} (inside the
     * tasks dir) the task account's, with parents it may pass through, as for local attempts.
     */
    void handOver(Path base, AttemptRef ref, Optional<TaskAccount> account) throws IOException {
        Path attempt = base.resolve(ref.relativeDir());
        prepareParents(base, ref, account);
        if (account.isPresent()) {
            try (var paths = Files.walk(attempt)) {
                for (Path p : (Iterable<Path>) paths::iterator) {
                    LocalAttemptFiles.chown(p, account.get());
                }
            }
        }
    }

    /** Parent dirs pass-through only; with per-user accounts a user's dir is that account's alone. */
    void prepareParents(Path base, AttemptRef ref, Optional<TaskAccount> account) throws IOException {
        Path userDir = base.resolve(ref.user());
        Path dir = base.resolve(ref.relativeDir()).getParent();
        Files.createDirectories(dir);
        Set<PosixFilePermission> passThrough = accounts.canSwitch() ? LocalDataDir.TRAVERSE_ONLY
                : LocalDataDir.OWNER_ONLY;
        for (Path p = dir; p.startsWith(tasksDir) && !p.equals(tasksDir); p = p.getParent()) {
            Files.setPosixFilePermissions(p, passThrough);
        }
        if (account.isPresent() && !accounts.isShared(account.get())) {
            LocalAttemptFiles.chown(userDir, account.get());
            Files.setPosixFilePermissions(userDir, LocalDataDir.OWNER_ONLY);
        }
    }

    Path ensureCacheDir(Optional<TaskAccount> account) throws IOException {
        Path cache = tasksDir.resolve(".cache");
        Files.createDirectories(cache);
        Files.setPosixFilePermissions(cache, accounts.canSwitch() ? LocalDataDir.TRAVERSE_ONLY : LocalDataDir.OWNER_ONLY);
        Path own = cache.resolve(account.map(TaskAccount::name).orElse("gantry"));
        if (!Files.isDirectory(own)) {
            Files.createDirectories(own);
            Files.setPosixFilePermissions(own, LocalDataDir.OWNER_ONLY);
            if (account.isPresent()) {
                LocalAttemptFiles.chown(own, account.get());
            }
        }
        return own;
    }
}
