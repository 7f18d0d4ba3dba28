package org.gantry.base.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.gantry.base.GantryProperties;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * The free space of the file systems Gantry writes to: the data directory (the embedded
 * database, keys, uploads) and whatever a feature registers (the local tasks' directory).
 * Below {@link DiskProperties#minFree()} on any of them, new jobs are refused and waiting
 * tasks wait, before a write fails half-way (docs/decisions/0060-full-disk.md). One
 * {@code statvfs} per file system and check; the file stores are looked up once.
 */
@Component
public class DiskSpace {

    private final long minFree;
    private final Map<Path, FileStore> watched = new LinkedHashMap<>();

    @Autowired
    public DiskSpace(GantryProperties gantry, DiskProperties properties) {
        this(properties.minFree().toBytes());
        watch(gantry.dataDir());
    }

    public DiskSpace(long minFree) {
        this.minFree = minFree;
    }

    /** Adds a directory (created when missing) whose file system must keep the free space. */
    public synchronized DiskSpace watch(Path dir) {
        try {
            Path absolute = Files.createDirectories(dir.toAbsolutePath().normalize());
            watched.putIfAbsent(absolute, Files.getFileStore(absolute));
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot watch the free space of " + dir, e);
        }
    }

    public long minFree() {
        return minFree;
    }

    /**
     * Why nothing new should be written now, naming the directory, the free space and the
     * setting; empty when every watched file system has room (or the check is off).
     */
    public synchronized Optional<String> shortage() {
        if (minFree <= 0) {
            return Optional.empty();
        }
        for (Map.Entry<Path, FileStore> entry : watched.entrySet()) {
            long free;
            try {
                free = entry.getValue().getUsableSpace();
            } catch (IOException e) {
                continue;  // a file system that cannot be asked is not known to be full
            }
            if (free < minFree) {
                return Optional.of("The disk of " + entry.getKey() + " is full: " + mib(free) + " free, "
                        + mib(minFree) + " needed (gantry.disk.min-free). Free space there; Gantry accepts jobs "
                        + "again as soon as it has room.");
            }
        }
        return Optional.empty();
    }

    /** Whether this failure, or one of its causes, is a write that found no room (ENOSPC, PostgreSQL's 53100). */
    public static boolean isCause(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof java.sql.SQLException sql && "53100".equals(sql.getSQLState())) {
                return true;
            }
            if (t instanceof IOException && t.getMessage() != null
                    && t.getMessage().contains("No space left on device")) {
                return true;
            }
        }
        return false;
    }

    private static String mib(long bytes) {
        return (bytes >> 20) + " MiB";
    }
}
