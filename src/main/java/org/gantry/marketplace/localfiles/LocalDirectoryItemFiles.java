package org.gantry.marketplace.localfiles;

import java.io.IOException;
import java.io.InputStream;
import org.gantry.base.GantryProperties;
import org.gantry.base.files.HashedFileDirectory;
import org.gantry.marketplace.ItemFileStore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Item files in {@code <data dir>/marketplace/files/<item id>/<version>/<sha256 of name>}: the
 * user's file name only ever reaches the disk as a hash ({@link HashedFileDirectory}). Used when
 * {@code gantry.marketplace.file-store=local}; the default is the storage feature's
 * ({@code storagefiles}), which reads and writes the same layout.
 */
@Component
@ConditionalOnProperty(name = "gantry.marketplace.file-store", havingValue = "local")
class LocalDirectoryItemFiles implements ItemFileStore {

    private final HashedFileDirectory files;

    LocalDirectoryItemFiles(GantryProperties properties) {
        this.files = new HashedFileDirectory(properties.dataDir().resolve("marketplace").resolve("files"));
    }

    @Override
    public StoredFile store(long itemId, int version, String name, InputStream in, long maxBytes) throws IOException {
        try {
            HashedFileDirectory.Stored stored = files.store(itemId, version, name, in, maxBytes);
            return new StoredFile(stored.size(), stored.sha256(), stored.head());
        } catch (HashedFileDirectory.TooLargeException e) {
            throw new FileTooLargeException(maxBytes);
        }
    }

    @Override
    public InputStream open(long itemId, int version, String name) throws IOException {
        return files.open(itemId, version, name);
    }

    @Override
    public void delete(long itemId, int version, String name) throws IOException {
        files.delete(itemId, version, name);
    }

    @Override
    public void deleteItem(long itemId) throws IOException {
        files.deleteAll(itemId);
    }
}
