package org.gantry.base.files;

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

/**
 * Uploaded files kept under one directory as {@code <root>/<id>/<version>/<sha256 of name>}:
 * a user's file name only ever reaches the disk as a hash, ids and versions are numbers. A
 * file is written under a temporary name and moved into place once complete, so a reader
 * never sees half a file. The marketplace's and the courses' file-store adapters both use it.
 */
public final class HashedFileDirectory {

    private static final int HEAD = 1024;

    private final Path root;

    public HashedFileDirectory(Path root) {
        this.root = root;
    }

    /**
     * Copies {@code in} into place, reading at most {@code maxBytes}; the caller closes {@code in}.
     *
     * @throws TooLargeException when more than {@code maxBytes} arrive; nothing is kept
     */
    public Stored store(long id, int version, String name, InputStream in, long maxBytes) throws IOException {
        Path target = path(id, version, name);
        Files.createDirectories(target.getParent());
        Path partial = Files.createTempFile(target.getParent(), "upload-", ".part");
        Stored stored;
        try (OutputStream out = Files.newOutputStream(partial)) {
            stored = copy(in, out, maxBytes);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw e;
        }
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return stored;
    }

    /**
     * Copies {@code in} to {@code out}, at most {@code maxBytes}, hashing the bytes and keeping
     * the first ones for content sniffing; the caller closes both streams.
     *
     * @throws TooLargeException when more than {@code maxBytes} arrive
     */
    public static Stored copy(InputStream in, OutputStream out, long maxBytes) throws IOException {
        MessageDigest sha = sha256();
        byte[] head = new byte[0];
        long size = 0;
        OutputStream hashed = new DigestOutputStream(out, sha);
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) > 0; ) {
            size += n;
            if (size > maxBytes) {
                throw new TooLargeException(maxBytes);
            }
            if (head.length < HEAD) {
                int keep = Math.min(HEAD - head.length, n);
                head = Arrays.copyOf(head, head.length + keep);
                System.arraycopy(buffer, 0, head, head.length - keep, keep);
            }
            hashed.write(buffer, 0, n);
        }
        hashed.flush();
        return new Stored(size, HexFormat.of().formatHex(sha.digest()), head);
    }

    /** The file's bytes; the caller closes the stream. */
    public InputStream open(long id, int version, String name) throws IOException {
        return Files.newInputStream(path(id, version, name));
    }

    /** Removes one file; nothing happens when it is absent. */
    public void delete(long id, int version, String name) throws IOException {
        Files.deleteIfExists(path(id, version, name));
    }

    /** Removes every file of {@code id}. */
    public void deleteAll(long id) throws IOException {
        Path dir = root.resolve(Long.toString(id));
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private Path path(long id, int version, String name) {
        return root.resolve(Long.toString(id)).resolve(Integer.toString(version)).resolve(nameKey(name));
    }

    /** The name a user's file name is stored under: its SHA-256 in hex. */
    public static String nameKey(String name) {
        return HexFormat.of().formatHex(sha256().digest(name.getBytes(StandardCharsets.UTF_8)));
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What was stored: its size, SHA-256 in hex, and first bytes for content sniffing. */
    public record Stored(long size, String sha256, byte[] head) {
    }

    /** More bytes than allowed arrived. */
    public static final class TooLargeException extends IOException {
        public TooLargeException(long maxBytes) {
            super("The file is larger than " + maxBytes + " bytes.");
        }
    }
}
