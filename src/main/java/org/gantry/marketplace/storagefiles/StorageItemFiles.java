package org.gantry.marketplace.storagefiles;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;
import org.gantry.base.GantryProperties;
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

    private static final int HEAD = 1024;

    private final StorageRoot root;

    StorageItemFiles(StorageBackend backend, GantryProperties properties) {
        String dir = properties.dataDir().resolve("marketplace").resolve("files").toAbsolutePath().toString();
        this.root = backend.open(StorageKind.LOCAL, dir, Optional.empty());
    }

    @Override
    public StoredFile store(long itemId, int version, String name, InputStream in, long maxBytes) throws IOException {
        StoragePath target = path(itemId, version, name);
        StoragePath partial = target.parent().child("." + target.name() + ".part");
        MessageDigest sha = sha256();
        byte[] head = new byte[0];
        long size = 0;
        try (OutputStream out = new DigestOutputStream(root.write(partial, false), sha)) {
            byte[] buffer = new byte[64 * 1024];
            for (int n; (n = in.read(buffer)) > 0; ) {
                size += n;
                if (size > maxBytes) {
                    throw new FileTooLargeException(maxBytes);
                }
                if (head.length < HEAD) {
                    int keep = Math.min(HEAD - head.length, n);
                    head = Arrays.copyOf(head, head.length + keep);
                    System.arraycopy(buffer, 0, head, head.length - keep, keep);
                }
                out.write(buffer, 0, n);
            }
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
        return new StoredFile(size, HexFormat.of().formatHex(sha.digest()), head);
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
        String key = HexFormat.of().formatHex(sha256().digest(name.getBytes(StandardCharsets.UTF_8)));
        return StoragePath.of(itemId + "/" + version + "/" + key);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
