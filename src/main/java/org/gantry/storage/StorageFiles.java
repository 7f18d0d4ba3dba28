package org.gantry.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.gantry.storage.StorageException.Kind;
import org.springframework.stereotype.Service;

/**
 * Gantry's file API: every read, write and listing of a storage, by storage name and
 * normalized path, as the signed-in caller (their access checked by {@link StorageService}).
 * Uploads stream to a hidden part file beside the target ({@code .<name>.upload}) and take
 * the target's name only when complete, so a reader never sees half a file and an upload cut
 * off keeps what arrived for the next piece.
 */
@Service
public class StorageFiles {

    static final int BUFFER = 64 * 1024;

    private final StorageService storages;
    private final long maxUpload;

    StorageFiles(StorageService storages, StorageProperties properties) {
        this.storages = storages;
        this.maxUpload = properties.maxUploadSize().toBytes();
    }

    public long maxUploadBytes() {
        return maxUpload;
    }

    /** A page of a folder, in name order; only the page's entries are stat'ed. */
    public Listing list(String storage, StoragePath folder, int offset, int limit) {
        if (offset < 0 || limit < 1 || limit > StorageProperties.MAX_PAGE) {
            throw new StorageException(Kind.INVALID, "offset is 0 or more and limit between 1 and "
                    + StorageProperties.MAX_PAGE + ".");
        }
        StorageRoot root = storages.open(storage, false);
        List<String> names = root.names(folder);
        int end = (int) Math.min(names.size(), (long) offset + limit);
        List<FileEntry> entries = new ArrayList<>();
        for (int i = Math.min(offset, names.size()); i < end; i++) {
            // an entry removed since the names were read, or a link leaving the root, is left out
            visible(root, folder.child(names.get(i))).ifPresent(entries::add);
        }
        OptionalInt next = end < names.size() ? OptionalInt.of(end) : OptionalInt.empty();
        return new Listing(folder, entries, offset, names.size(), next);
    }

    public Optional<FileEntry> stat(String storage, StoragePath path) {
        return storages.open(storage, false).stat(path);
    }

    /** The file's bytes from {@code offset}; the caller closes the stream. */
    public InputStream read(String storage, StoragePath file, long offset) {
        return storages.open(storage, false).read(file, offset);
    }

    /** Writes the whole body as the file (replacing it), at most the configured maximum; answers the bytes written. */
    public long write(String storage, StoragePath file, InputStream body) {
        requireFile(file);
        StorageRoot root = storages.open(storage, true);
        StoragePath part = partOf(file);
        long written;
        try (OutputStream out = root.write(part, false)) {
            written = copy(body, out, maxUpload, file);
        } catch (IOException e) {
            throw new StorageException(Kind.UNAVAILABLE, "The upload of " + file + " broke off: " + e.getMessage(), e);
        } catch (StorageException e) {
            discard(root, part);
            throw e;
        }
        replace(root, part, file);
        return written;
    }

    /**
     * One piece of a resumable upload. A probe answers what has arrived; a piece must start
     * there (CONFLICT otherwise, with the offset in the message). The last piece puts the file
     * in place. A piece cut off keeps what arrived.
     */
    public UploadStatus upload(String storage, StoragePath file, UploadRange range, InputStream body) {
        requireFile(file);
        if (range.total() > maxUpload) {
            throw new StorageException(Kind.TOO_LARGE, "The file is larger than the " + maxUpload + " bytes an upload may have.");
        }
        StorageRoot root = storages.open(storage, true);
        StoragePath part = partOf(file);
        long received = root.stat(part).map(FileEntry::size).orElse(0L);
        if (range.isProbe()) {
            boolean complete = range.total() == 0 ? false : received == 0 && root.stat(file).map(e -> e.size() == range.total()).orElse(false);
            return new UploadStatus(file, complete ? range.total() : received, range.total(), complete);
        }
        long first = range.first().getAsLong();
        if (first != received) {
            throw new StorageException(Kind.CONFLICT, "The upload of " + file + " continues at byte " + received
                    + ", not " + first + ".");
        }
        try (OutputStream out = root.write(part, first > 0)) {
            received += copy(body, out, range.length(), file);
        } catch (IOException e) {
            throw new StorageException(Kind.UNAVAILABLE, "The piece broke off; ask how much arrived and resume: "
                    + e.getMessage(), e);
        }
        if (received == range.total()) {
            replace(root, part, file);
            return new UploadStatus(file, received, range.total(), true);
        }
        return new UploadStatus(file, received, range.total(), false);
    }

    public void mkdir(String storage, StoragePath folder) {
        storages.open(storage, true).mkdirs(folder);
    }

    /** Deletes; a non-empty folder only with {@code recursive}. The root itself is never deleted. */
    public int delete(String storage, StoragePath path, boolean recursive) {
        if (path.isRoot()) {
            throw new StorageException(Kind.INVALID, "The storage's root cannot be deleted.");
        }
        return storages.open(storage, true).delete(path, recursive);
    }

    /** Streams a folder and everything under it as a zip; entries are paths relative to the folder. */
    public void zip(String storage, StoragePath folder, OutputStream out) throws IOException {
        StorageRoot root = storages.open(storage, false);
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            zipTree(root, folder, "", zip);
        }
    }

    private void zipTree(StorageRoot root, StoragePath folder, String prefix, ZipOutputStream zip) throws IOException {
        for (String name : root.names(folder)) {
            StoragePath child = folder.child(name);
            Optional<FileEntry> entry = visible(root, child);
            if (entry.isEmpty()) {
                continue;
            }
            if (entry.get().directory()) {
                zip.putNextEntry(new ZipEntry(prefix + name + "/"));
                zip.closeEntry();
                zipTree(root, child, prefix + name + "/", zip);
            } else {
                zip.putNextEntry(new ZipEntry(prefix + name));
                try (InputStream in = root.read(child, 0)) {
                    in.transferTo(zip);
                }
                zip.closeEntry();
            }
        }
    }

    /** The entry, or empty when it is gone or a symbolic link that leaves the root (which listings leave out). */
    static Optional<FileEntry> visible(StorageRoot root, StoragePath path) {
        try {
            return root.stat(path);
        } catch (StorageException e) {
            if (e.kind() == Kind.FORBIDDEN || e.kind() == Kind.NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }

    static StoragePath partOf(StoragePath file) {
        return file.parent().child("." + file.name() + ".upload");
    }

    private static void requireFile(StoragePath file) {
        if (file.isRoot()) {
            throw new StorageException(Kind.INVALID, "Name the file to write.");
        }
    }

    private static void replace(StorageRoot root, StoragePath part, StoragePath file) {
        Optional<FileEntry> existing = root.stat(file);
        if (existing.isPresent()) {
            if (existing.get().directory()) {
                discard(root, part);
                throw new StorageException(Kind.CONFLICT, file + " is a folder.");
            }
            root.delete(file, false);
        }
        root.move(part, file);
    }

    private static void discard(StorageRoot root, StoragePath part) {
        try {
            root.delete(part, false);
        } catch (StorageException e) {
            // nothing was left behind, or the storage is gone: the refusal already says why
        }
    }

    /** Copies at most {@code limit} bytes; TOO_LARGE when the body has more. */
    static long copy(InputStream in, OutputStream out, long limit, StoragePath file) throws IOException {
        byte[] buffer = new byte[BUFFER];
        long total = 0;
        int n;
        while ((n = in.read(buffer, 0, (int) Math.min(buffer.length, limit - total + 1))) > 0) {
            if (total + n > limit) {
                throw new StorageException(Kind.TOO_LARGE, "The upload of " + file + " is longer than "
                        + limit + " bytes.");
            }
            out.write(buffer, 0, n);
            total += n;
        }
        return total;
    }
}
