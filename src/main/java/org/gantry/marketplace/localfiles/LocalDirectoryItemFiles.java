package org.gantry.marketplace.localfiles;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.gantry.base.GantryProperties;
import org.gantry.marketplace.ItemFileStore;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Item files in {@code <data dir>/marketplace/files/<item id>/<version>/<sha256 of name>}: the
 * user's file name only ever reaches the disk as a hash. A file is written to a temporary
 * name and moved into place once complete, so a reader never sees half a file. Used when
 * {@code gantry.marketplace.file-store=local}; the default is the storage feature's
 * ({@code storagefiles}), which reads and writes the same layout.
 */
@Component
@ConditionalOnProperty(name = "gantry.marketplace.file-store", havingValue = "local")
class LocalDirectoryItemFiles implements ItemFileStore {

    private static final int HEAD = 1024;

    private final Path root;

    LocalDirectoryItemFiles(GantryProperties properties) {
        this.root = properties.dataDir().resolve("marketplace").resolve("files");
    }

    @Override
    public StoredFile store(long itemId, int version, String name, InputStream in, long maxBytes) throws IOException {
        Path target = path(itemId, version, name);
        Files.createDirectories(target.getParent());
        Path partial = Files.createTempFile(target.getParent(), "upload-", ".part");
        MessageDigest sha = sha256();
        byte[] head = new byte[0];
        long size = 0;
        try (OutputStream out = new DigestOutputStream(Files.newOutputStream(partial), sha)) {
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
            Files.deleteIfExists(partial);
            throw e;
        }
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new StoredFile(size, HexFormat.of().formatHex(sha.digest()), head);
    }

    @Override
    public InputStream open(long itemId, int version, String name) throws IOException {
        return Files.newInputStream(path(itemId, version, name));
    }

    @Override
    public void delete(long itemId, int version, String name) throws IOException {
        Files.deleteIfExists(path(itemId, version, name));
    }

    @Override
    public void deleteItem(long itemId) throws IOException {
        Path dir = root.resolve(Long.toString(itemId));
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private Path path(long itemId, int version, String name) {
        String key = HexFormat.of().formatHex(sha256().digest(name.getBytes(StandardCharsets.UTF_8)));
        return root.resolve(Long.toString(itemId)).resolve(Integer.toString(version)).resolve(key);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
