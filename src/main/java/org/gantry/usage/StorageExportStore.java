package org.gantry.usage;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.gantry.storage.StorageException;
import org.gantry.storage.StoragePath;
import org.gantry.storage.StorageRoot;
import org.gantry.storage.StorageService;

/**
 * The export store over a registered storage ({@code gantry.usage.export-storage}) and a
 * folder in it ({@code gantry.usage.export-storage-path}): every file operation goes through
 * the storage feature (Commons VFS), so a local folder, an SFTP server or any other root the
 * storage feature opens takes the exports. A file is written as {@code .<name>.part} beside
 * its target and takes the target's name once complete (decision 0052).
 */
class StorageExportStore implements ExportStore {

    private final StorageService storages;
    private final String storage;
    private final StoragePath folder;

    StorageExportStore(StorageService storages, String storage, String folder) {
        this.storages = storages;
        this.storage = storage;
        this.folder = StoragePath.of(folder);
    }

    @Override
    public String write(String path, Body body) throws IOException {
        StoragePath target = resolve(path);
        StorageRoot root;
        try {
            root = storages.openForGantry(storage, true);
        } catch (StorageException e) {
            throw new IOException(e.getMessage(), e);
        }
        StoragePath part = target.parent().child("." + target.name() + ".part");
        try {
            try (OutputStream raw = root.write(part, false);
                 Writer out = new BufferedWriter(new OutputStreamWriter(raw, StandardCharsets.UTF_8), 1 << 16)) {
                body.writeTo(out);
            }
            // the storage's move never replaces: a second export of the same period does
            if (root.stat(target).isPresent()) {
                root.delete(target, false);
            }
            root.move(part, target);
        } catch (StorageException e) {
            discard(root, part);
            throw new IOException("Export to storage " + storage + " failed: " + e.getMessage(), e);
        } catch (IOException | RuntimeException e) {
            discard(root, part);
            throw e;
        }
        return storage + ":" + target.absolute();
    }

    /** The target under the configured folder; refuses an absolute path or one that leaves it. */
    StoragePath resolve(String path) {
        if (path == null || path.isBlank() || path.startsWith("/") || path.contains("\\")) {
            throw new IllegalArgumentException("Export path must be relative: " + path);
        }
        StoragePath relative;
        try {
            relative = StoragePath.of(path);
        } catch (StorageException e) {
            throw new IllegalArgumentException("Export path is refused: " + e.getMessage(), e);
        }
        return folder.isRoot() ? relative : StoragePath.of(folder.value() + "/" + relative.value());
    }

    private static void discard(StorageRoot root, StoragePath part) {
        try {
            if (root.stat(part).isPresent()) {
                root.delete(part, false);
            }
        } catch (RuntimeException e) {
            // the write's own failure says what went wrong
        }
    }
}
