package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps Gantry's data directory closed to tasks. When tasks run under other accounts, the data
 * directory is 0711 (others may pass through to the tasks directory but not list anything) and
 * every entry in it except the tasks directory is closed to others (0700 / 0600): the database,
 * keys and the secret key stay Gantry's alone. Otherwise it is 0700.
 */
final class LocalDataDir {

    private static final Logger log = LoggerFactory.getLogger(LocalDataDir.class);

    static final Set<PosixFilePermission> TRAVERSE_ONLY = PosixFilePermissions.fromString("rwx--x--x");
    static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    private LocalDataDir() {
    }

    /**
     * Secures the data dir and creates the tasks dir.
     *
     * @return why task accounts cannot reach the tasks dir, or empty when they can
     */
    static Optional<String> secure(Path dataDir, Path tasksDir, boolean otherAccounts) throws IOException {
        Files.createDirectories(dataDir);
        Files.createDirectories(tasksDir);
        boolean tasksInside = tasksDir.startsWith(dataDir) && !tasksDir.equals(dataDir);
        Files.setPosixFilePermissions(dataDir, otherAccounts && tasksInside ? TRAVERSE_ONLY : OWNER_ONLY);
        Path firstBelowData = tasksInside ? dataDir.resolve(dataDir.relativize(tasksDir).getName(0)) : null;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dataDir)) {
            for (Path entry : entries) {
                if (!entry.equals(firstBelowData) && !Files.isSymbolicLink(entry)) {
                    closeToOthers(entry);
                }
            }
        }
        if (!otherAccounts) {
            Files.setPosixFilePermissions(tasksDir, OWNER_ONLY);
            return Optional.empty();
        }
        for (Path dir = tasksDir; dir != null && dir.startsWith(dataDir); dir = dir.getParent()) {
            Files.setPosixFilePermissions(dir, TRAVERSE_ONLY);
        }
        return unreachableAncestor(tasksDir);
    }

    private static void closeToOthers(Path entry) throws IOException {
        Set<PosixFilePermission> perms = EnumSet.copyOf(
                Files.getPosixFilePermissions(entry, LinkOption.NOFOLLOW_LINKS));
        int before = perms.size();
        perms.removeAll(EnumSet.of(PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE,
                PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
                PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE));
        if (perms.size() != before) {
            Files.setPosixFilePermissions(entry, perms);
            log.info("Closed {} to other accounts", entry);
        }
    }

    /** The first directory above the tasks dir that other accounts may not pass through. */
    private static Optional<String> unreachableAncestor(Path tasksDir) throws IOException {
        for (Path dir = tasksDir.getParent(); dir != null; dir = dir.getParent()) {
            if (!Files.getPosixFilePermissions(dir).contains(PosixFilePermission.OTHERS_EXECUTE)) {
                return Optional.of("task accounts cannot reach " + tasksDir + " because " + dir
                        + " is closed to other accounts; set gantry.runtime.local.tasks-dir to a directory"
                        + " whose parents others may traverse (e.g. /var/lib/gantry/tasks)");
            }
        }
        return Optional.empty();
    }
}
