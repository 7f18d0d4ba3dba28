package org.gantry.marketplace.storagefiles;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Optional;
import org.gantry.base.GantryProperties;
import org.gantry.base.files.HashedFileDirectory;
import org.gantry.marketplace.ItemFileStore;
import org.gantry.storage.StorageBackend;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageKind;
import org.gantry.storage.StoragePath;
import org.gantry.storage.StorageRoot;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Item files in a system storage, opened through the storage feature's Commons VFS layer: a
 * local root at {@code <data dir>/marketplace/files}, laid out as
 * {@code <item id>/<version>/<sha256 of name>} (the layout {@code localfiles} used, so files
 * written by either are read by the other). The user's file name only reaches the storage as
 * a hash. A file is written to {@code .<hash>.part} and renamed once complete, so a reader
 * never sees half a file. The storage's own user access checks do not apply here: who may
 * read or write an item's files is the marketplace's decision ({@code MarketFiles}).
 */
@Component
@ConditionalOnProperty(name = "gantry.marketplace.file-store", havingValue = "storage", matchIfMissing = true)
class StorageItemFiles implements ItemFileStore {

    private final StorageRoot root;

    StorageItemFiles(StorageBackend backend, GantryProperties properties) {
        String dir = properties.dataDir().resolve("marketplace").resolve("files").toAbsolutePath().toString();
        this.root = backend.open(StorageKind.LOCAL, dir, Optional.empty());
    }

    @Override
    public StoredFile store(long itemId, int version, String name, InputStream in, long maxBytes) throws IOException {
        StoragePath target = path(itemId, version, name);
        StoragePath partial = target.parent().child("." + target.name() + ".part");
        HashedFileDirectory.Stored stored;
        try (OutputStream out = root.write(partial, false)) {
            stored = HashedFileDirectory.copy(in, out, maxBytes);
        } catch (HashedFileDirectory.TooLargeException e) {
            deleteIfExists(partial);
            throw new FileTooLargeException(maxBytes);
        } catch (IOException | RuntimeException e) {
            deleteIfExists(partial);
            throw e;
        }
        try {
            // The storage's move never replaces; a new upload of the same name does.
            deleteIfExists(target);
            root.move(partial, target);
        } catch (StorageException e) {
            deleteIfExists(partial);
            throw new IOException(e.getMessage(), e);
        }
        return new StoredFile(stored.size(), stored.sha256(), stored.head());
    }

    @Override
    public InputStream open(long itemId, int version, String name) throws IOException {
        try {
            return root.read(path(itemId, version, name), 0);
        } catch (StorageException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public void delete(long itemId, int version, String name) throws IOException {
        deleteIfExists(path(itemId, version, name));
    }

    @Override
    public void deleteItem(long itemId) throws IOException {
        StoragePath dir = StoragePath.of(Long.toString(itemId));
        try {
            if (root.stat(dir).isPresent()) {
                root.delete(dir, true);
            }
        } catch (StorageException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private void deleteIfExists(StoragePath path) throws IOException {
        try {
            if (root.stat(path).isPresent()) {
                root.delete(path, false);
            }
        } catch (StorageException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static StoragePath path(long itemId, int version, String name) {
        return StoragePath.of(itemId + "/" + version + "/" + HashedFileDirectory.nameKey(name));
    }
}
