package org.gantry.storage;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.Optional;

/**
 * File operations under one storage's root, by normalized path. Every method refuses (with
 * {@link StorageException} FORBIDDEN) a path whose real location leaves the root through a
 * symbolic link. Streams belong to the caller, who closes them. Thread-safe.
 */
public interface StorageRoot {

    Optional<FileEntry> stat(StoragePath path);

    /** The names in a folder, sorted; no entry is stat'ed, so a huge folder answers fast. */
    List<String> names(StoragePath folder);

    /** Reads from {@code offset} (0: the start). */
    InputStream read(StoragePath file, long offset);

    /** Writes the file (parents created): from its start, or appending at its end. */
    OutputStream write(StoragePath file, boolean append);

    void mkdirs(StoragePath folder);

    /** Renames within this root; the target must not exist. */
    void move(StoragePath from, StoragePath to);

    /** Deletes a file or an empty folder, or with {@code recursive} a whole tree; answers the number deleted. */
    int delete(StoragePath path, boolean recursive);

    /** Where this root's path is on Gantry's own file system, for local roots only (jobs mount these). */
    Optional<java.nio.file.Path> localPath(StoragePath path);
}
