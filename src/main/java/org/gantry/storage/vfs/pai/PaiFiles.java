package org.gantry.storage.vfs.pai;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;
import org.apache.commons.vfs2.FileObject;
import org.apache.commons.vfs2.FileSystemException;
import org.apache.commons.vfs2.FileSystemOptions;
import org.apache.commons.vfs2.cache.NullFilesCache;
import org.apache.commons.vfs2.impl.DefaultFileSystemManager;

/**
 * {@code pai://ALIAS/STORAGE/PATH} for programs that should not see Commons VFS (the CLI):
 * list, stat, mkdir, delete, server-side copy and move, and transfers to and from local files
 * that resume uploads where the server says they stopped and check every transfer's SHA-256.
 */
public final class PaiFiles implements AutoCloseable {

    private static final int RETRIES = 5;

    private final DefaultFileSystemManager manager = new DefaultFileSystemManager();
    private final Map<String, FileSystemOptions> clusters = new HashMap<>();

    /** An upload's outcome: its size, where it resumed (0 when it started afresh), and its checksum. */
    public record Uploaded(long bytes, long resumedAt, String sha256) {
    }

    /** A download's outcome: its size, where it resumed (0 when it started afresh), and its checksum, equal to the server's. */
    public record Downloaded(long bytes, long resumedAt, String sha256) {
    }

    public PaiFiles() throws PaiException {
        try {
            manager.setFilesCache(new NullFilesCache());
            manager.addProvider("pai", new PaiFileProvider());
            manager.init();
        } catch (FileSystemException e) {
            throw new PaiException("Commons VFS did not start: " + e.getMessage(), e);
        }
    }

    /** Makes {@code pai://alias/…} mean {@code server}, signed in with {@code token}. */
    public void addCluster(String alias, String server, String token) {
        FileSystemOptions options = new FileSystemOptions();
        PaiFileSystemConfigBuilder.getInstance().setServer(options, server);
        PaiFileSystemConfigBuilder.getInstance().setToken(options, token);
        clusters.put(alias, options);
    }

    PaiFileObject resolve(String url) throws FileSystemException {
        if (!url.startsWith("pai://")) {
            throw new PaiException(400, "Not a pai:// address: " + url);
        }
        int slash = url.indexOf('/', "pai://".length());
        String alias = url.substring("pai://".length(), slash < 0 ? url.length() : slash);
        FileSystemOptions options = clusters.get(alias);
        if (options == null) {
            throw new PaiException(400, "No cluster " + alias + " for " + url);
        }
        FileObject file = manager.resolveFile(url, options);
        if (!(file instanceof PaiFileObject pai)) {
            throw new PaiException(400, "Not a Gantry storage path: " + url);
        }
        return pai;
    }

    public Optional<PaiEntry> stat(String url) throws IOException {
        return resolve(url).entry();
    }

    /** A folder's entries (a storage's, or the storages at the root), or the one entry of a file. */
    public List<PaiEntry> list(String url) throws IOException {
        PaiFileObject file = resolve(url);
        PaiEntry entry = file.entry().orElseThrow(() -> new PaiException(404, "No such file or folder: " + url));
        return entry.directory() ? file.listEntries() : List.of(entry);
    }

    public void mkdir(String url) throws IOException {
        resolve(url).createFolder();
    }

    /** Deletes a file or empty folder, or with {@code recursive} a folder and all in it; answers how many entries went. */
    public int delete(String url, boolean recursive) throws IOException {
        PaiFileObject file = resolve(url);
        if (recursive) {
            return file.deleteRecursively();
        }
        file.entry().orElseThrow(() -> new PaiException(404, "No such file or folder: " + url));
        // FileObject.delete() skips a folder with entries silently; the server says why it refuses
        int deleted = file.rest().delete(file.storage(), file.path(), false);
        file.refresh();
        return deleted;
    }

    /** Copies or moves on the server; both must be on the same cluster. */
    public void transfer(String from, String to, boolean move) throws IOException {
        PaiFileObject source = resolve(from);
        PaiFileObject target = resolve(to);
        if (source.getFileSystem() != target.getFileSystem()) {
            throw new PaiException(400, "Copy between clusters through a local file: " + from + " and " + to);
        }
        source.transferTo(target, move);
    }

    /**
     * Uploads a local file in one streamed piece ({@code Content-Range}); a piece that breaks off
     * is resumed from the byte the server says it has, up to five times, and an upload left
     * half done by an earlier run continues where it stopped. Then the server's SHA-256 must equal
     * the local file's.
     */
    public Uploaded upload(Path local, String url, LongConsumer progress) throws IOException {
        PaiFileObject file = resolve(url);
        long total = Files.size(local);
        String expected = sha256(local);
        long resumedAt = 0;
        if (total == 0) {
            file.rest().write(file.storage(), file.path(), InputStream::nullInputStream);
        } else {
            PaiRest.Received status = file.rest().probe(file.storage(), file.path(), total);
            long offset = !status.complete() && status.received() < total ? status.received() : 0;
            resumedAt = offset;
            for (int failures = 0; ; ) {
                long start = offset;
                try {
                    PaiRest.Received done = file.rest().piece(file.storage(), file.path(), start, total,
                            () -> open(local, start, progress));
                    if (done.complete()) {
                        break;
                    }
                    offset = done.received();
                } catch (PaiException e) {
                    if ((e.status() != 0 && e.status() < 500) || ++failures > RETRIES) {
                        throw e;
                    }
                    pause(failures);
                    offset = file.rest().probe(file.storage(), file.path(), total).received();
                }
            }
        }
        String actual = file.rest().sha256(file.storage(), file.path());
        if (!actual.equals(expected)) {
            throw new PaiException(409, "The uploaded " + url + " has SHA-256 " + actual + ", not the local file's "
                    + expected + (resumedAt > 0 ? " (it resumed a part left by another upload): run the command again"
                    + " to send it whole" : ""));
        }
        file.refresh();
        return new Uploaded(total, resumedAt, expected);
    }

    /**
     * Downloads into a hidden part file beside {@code local} ({@code .NAME.gantry-part}) and moves
     * it there once its SHA-256 matches the server's. A part file left by a download that broke
     * off (this run's, up to five times, or an earlier run's) is continued with {@code Range}
     * from its length; the checksum covers the whole file, so a part that does not belong to the
     * server's file is found, removed, and the command asks to be run again.
     */
    public Downloaded download(String url, Path local, LongConsumer progress) throws IOException {
        PaiFileObject file = resolve(url);
        PaiEntry entry = file.entry().orElseThrow(() -> new PaiException(404, "No such file: " + url));
        if (entry.directory()) {
            throw new PaiException(400, url + " is a folder: copy it with --recursive");
        }
        Path part = partFile(local);
        long resumedAt = Files.isRegularFile(part) ? Files.size(part) : 0;
        if (resumedAt > entry.size()) {
            Files.delete(part);
            resumedAt = 0;
        }
        long offset = resumedAt;
        for (int failures = 0; offset < entry.size() || !Files.exists(part); ) {
            try {
                receive(file, part, offset, progress);
                break;
            } catch (IOException e) {
                // the part file stays: the next try, or the next run, continues from its end
                if ((e instanceof PaiException pai && pai.status() != 0 && pai.status() < 500) || ++failures > RETRIES) {
                    throw e;
                }
                pause(failures);
                offset = Files.exists(part) ? Files.size(part) : 0;
            }
        }
        String actual = sha256(part);
        String expected = file.rest().sha256(file.storage(), file.path());
        if (!actual.equals(expected)) {
            Files.deleteIfExists(part);
            throw new PaiException(409, "The download of " + url + " has SHA-256 " + actual + ", the server's file "
                    + expected + (resumedAt > 0 ? " (the part left by an earlier download belongs to another version"
                    + " of it?)" : " (it changed while it was read?)") + ": run the command again");
        }
        long bytes = Files.size(part);
        Files.move(part, local, StandardCopyOption.REPLACE_EXISTING);
        return new Downloaded(bytes, resumedAt, actual);
    }

    /** Where a download of {@code local} is written until it is whole and checked. */
    public static Path partFile(Path local) {
        return local.toAbsolutePath().resolveSibling("." + local.getFileName() + ".gantry-part");
    }

    /** Appends the file's bytes from {@code offset} on to the part file (from 0 when the server ignores Range). */
    private static void receive(PaiFileObject file, Path part, long offset, LongConsumer progress) throws IOException {
        PaiRest.Bytes bytes = file.rest().readFrom(file.storage(), file.path(), offset);
        long written = bytes.partial() ? offset : 0;
        try (InputStream in = bytes.body();
             OutputStream out = bytes.partial() ? Files.newOutputStream(part, StandardOpenOption.APPEND)
                     : Files.newOutputStream(part)) {
            byte[] buffer = new byte[1 << 16];
            int n;
            while ((n = in.read(buffer)) > 0) {
                out.write(buffer, 0, n);
                written += n;
                progress.accept(written);
            }
        }
    }

    private static InputStream open(Path local, long start, LongConsumer progress) {
        try {
            InputStream in = Files.newInputStream(local);
            in.skipNBytes(start);
            return new FilterInputStream(in) {
                private long position = start;

                @Override
                public int read(byte[] bytes, int offset, int length) throws IOException {
                    int n = super.read(bytes, offset, length);
                    if (n > 0) {
                        position += n;
                        progress.accept(position);
                    }
                    return n;
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void pause(int failures) throws PaiException {
        try {
            Thread.sleep(1000L * failures);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new PaiException("Interrupted", e);
        }
    }

    static String sha256(Path local) throws IOException {
        MessageDigest digest = newDigest();
        try (InputStream in = new DigestInputStream(Files.newInputStream(local), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return java.util.HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest newDigest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        manager.close();
    }
}
