package org.gantry.storage.vfs;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.commons.vfs2.FileContent;
import org.apache.commons.vfs2.FileNotFoundException;
import org.apache.commons.vfs2.FileObject;
import org.apache.commons.vfs2.FileSystemException;
import org.apache.commons.vfs2.NameScope;
import org.apache.commons.vfs2.RandomAccessContent;
import org.apache.commons.vfs2.Selectors;
import org.apache.commons.vfs2.util.RandomAccessMode;
import org.gantry.storage.FileEntry;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageException.Kind;
import org.gantry.storage.StoragePath;
import org.gantry.storage.StorageRoot;

/**
 * One storage's root in Commons VFS. Paths resolve with {@link NameScope#DESCENDENT_OR_SELF},
 * so VFS itself refuses a name outside the root; on a local root the real path (symbolic links
 * followed) must also stay inside it. On SFTP the server resolves links: its chroot is the
 * boundary (docs/decisions/0014-storages.md).
 */
final class VfsStorageRoot implements StorageRoot {

    private final FileObject root;
    private final Optional<Path> localRoot;
    private final Optional<SftpRealPaths> sftpLinks;

    VfsStorageRoot(FileObject root, Optional<Path> localRoot) {
        this.root = root;
        this.localRoot = localRoot;
        this.sftpLinks = SftpRealPaths.of(root);
    }

    private FileObject resolve(StoragePath path) {
        try {
            FileObject file = path.isRoot() ? root.resolveFile(".", NameScope.DESCENDENT_OR_SELF)
                    : root.resolveFile(path.value(), NameScope.DESCENDENT);
            if (localRoot.isPresent()) {
                checkRealPath(file.getPath());
            }
            if (sftpLinks.isPresent()) {
                sftpLinks.get().check(file);
            }
            return file;
        } catch (FileSystemException e) {
            throw failure(e, path);
        }
    }

    /** The deepest existing ancestor-or-self, links followed, must be inside the root; a dangling link is refused. */
    private void checkRealPath(Path target) {
        Path root = localRoot.orElseThrow();
        for (Path p = target; p != null; p = p.getParent()) {
            if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                try {
                    if (p.toRealPath().startsWith(root)) {
                        return;
                    }
                } catch (IOException e) {
                    // a link to nothing: writing through it would create its target, wherever that is
                }
                throw new StorageException(Kind.FORBIDDEN, "The path leads outside the storage through a symbolic link.");
            }
        }
        throw new StorageException(Kind.FORBIDDEN, "The path leads outside the storage.");
    }

    @Override
    public Optional<FileEntry> stat(StoragePath path) {
        FileObject file = resolve(path);
        try {
            if (!file.exists()) {
                return Optional.empty();
            }
            return Optional.of(entry(path.name(), file));
        } catch (FileSystemException e) {
            throw failure(e, path);
        }
    }

    private static FileEntry entry(String name, FileObject file) throws FileSystemException {
        boolean folder = file.getType().hasChildren();
        FileContent content = file.getContent();
        long size = folder ? 0 : content.getSize();
        Optional<Instant> modified;
        try {
            long millis = content.getLastModifiedTime();
            modified = millis > 0 ? Optional.of(Instant.ofEpochMilli(millis)) : Optional.empty();
        } catch (FileSystemException e) {
            modified = Optional.empty();
        }
        return new FileEntry(name, folder, size, modified);
    }

    @Override
    public List<String> names(StoragePath folder) {
        FileObject dir = resolve(folder);
        try {
            if (!dir.exists()) {
                throw new StorageException(Kind.NOT_FOUND, "No such folder: " + folder);
            }
            if (!dir.getType().hasChildren()) {
                throw new StorageException(Kind.INVALID, folder + " is a file, not a folder.");
            }
            if (localRoot.isPresent()) {
                // VFS would make a file object of each of the folder's entries; the names are enough
                try (var stream = Files.newDirectoryStream(dir.getPath())) {
                    java.util.ArrayList<String> names = new java.util.ArrayList<>();
                    stream.forEach(p -> names.add(p.getFileName().toString()));
                    names.sort(null);
                    return names;
                }
            }
            FileObject[] children = dir.getChildren();
            return Arrays.stream(children).map(c -> c.getName().getBaseName()).sorted().toList();
        } catch (IOException e) {
            throw failure(e, folder);
        }
    }

    @Override
    public InputStream read(StoragePath path, long offset) {
        FileObject file = resolve(path);
        try {
            if (!file.isFile()) {
                throw new StorageException(Kind.NOT_FOUND, "No such file: " + path);
            }
            if (offset == 0) {
                return file.getContent().getInputStream();
            }
            RandomAccessContent random = file.getContent().getRandomAccessContent(RandomAccessMode.READ);
            random.seek(offset);
            return new FilterInputStream(random.getInputStream()) {
                @Override
                public void close() throws IOException {
                    try {
                        super.close();
                    } finally {
                        random.close();
                    }
                }
            };
        } catch (IOException e) {
            throw failure(e, path);
        }
    }

    @Override
    public OutputStream write(StoragePath path, boolean append) {
        FileObject file = resolve(path);
        try {
            if (file.exists() && file.getType().hasChildren()) {
                throw new StorageException(Kind.CONFLICT, path + " is a folder.");
            }
            FileObject parent = file.getParent();
            if (parent.exists() && !parent.getType().hasChildren()) {
                throw new StorageException(Kind.CONFLICT, path.parent() + " is a file, not a folder.");
            }
            parent.createFolder();
            return file.getContent().getOutputStream(append);
        } catch (FileSystemException e) {
            throw failure(e, path);
        }
    }

    @Override
    public void mkdirs(StoragePath folder) {
        FileObject dir = resolve(folder);
        try {
            if (dir.exists() && !dir.getType().hasChildren()) {
                throw new StorageException(Kind.CONFLICT, folder + " exists and is a file.");
            }
            dir.createFolder();
        } catch (FileSystemException e) {
            throw failure(e, folder);
        }
    }

    @Override
    public void move(StoragePath from, StoragePath to) {
        FileObject source = resolve(from);
        FileObject target = resolve(to);
        try {
            if (!source.exists()) {
                throw new StorageException(Kind.NOT_FOUND, "No such file or folder: " + from);
            }
            if (target.exists()) {
                // VFS's moveTo would delete the target first
                throw new StorageException(Kind.CONFLICT, to + " exists already.");
            }
            target.getParent().createFolder();
            source.moveTo(target);
        } catch (FileSystemException e) {
            throw failure(e, from);
        }
    }

    @Override
    public int delete(StoragePath path, boolean recursive) {
        FileObject file = resolve(path);
        try {
            if (!file.exists()) {
                throw new StorageException(Kind.NOT_FOUND, "No such file or folder: " + path);
            }
            if (file.getType().hasChildren() && file.getChildren().length > 0 && !recursive) {
                throw new StorageException(Kind.CONFLICT, path + " is a folder that is not empty; delete with"
                        + " recursive=true to delete it with everything in it.");
            }
            return recursive ? deleteTree(path) : file.delete(Selectors.SELECT_SELF);
        } catch (IOException e) {
            throw failure(e, path);
        }
    }

    /**
     * Depth first, each entry resolved afresh (VFS's deleteAll keeps the folders' child lists
     * from before their children went, and then leaves the folders); a local link is deleted
     * itself, never followed.
     */
    private int deleteTree(StoragePath path) throws IOException {
        if (localRoot.isPresent()) {
            Path local = root.getPath().resolve(path.value());
            if (Files.isSymbolicLink(local)) {
                Files.delete(local);
                return 1;
            }
        }
        FileObject file = resolve(path);
        int deleted = 0;
        if (file.getType().hasChildren()) {
            for (String name : names(path)) {
                deleted += deleteTree(path.child(name));
            }
            file = resolve(path);
        }
        return deleted + file.delete(Selectors.SELECT_SELF);
    }

    @Override
    public Optional<Path> localPath(StoragePath path) {
        if (localRoot.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(resolve(path).getPath());
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static StorageException failure(IOException e, StoragePath path) {
        if (e instanceof FileNotFoundException || e instanceof java.nio.file.NoSuchFileException) {
            return new StorageException(Kind.NOT_FOUND, "No such file or folder: " + path, e);
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return new StorageException(Kind.FORBIDDEN, "The storage refuses access to " + path + ".", e);
        }
        if (e instanceof FileSystemException fse && "vfs.provider/invalid-descendent-name.error".equals(fse.getCode())) {
            return new StorageException(Kind.FORBIDDEN, "The path leads outside the storage.", e);
        }
        return new StorageException(Kind.UNAVAILABLE, "The storage failed on " + path + ": " + reason(e), e);
    }

    /** The innermost message: VFS wraps the useful one ("Connection refused", "Auth fail"). */
    static String reason(Throwable e) {
        for (Throwable c = e; c != null && c.getCause() != c; c = c.getCause()) {
            if (c instanceof com.jcraft.jsch.JSchChangedHostKeyException
                    || String.valueOf(c.getMessage()).startsWith("HostKey has been changed")) {
                return "the SFTP server's host key is not the one pinned when the storage was registered: refused"
                        + " (the server was reinstalled, or someone stands in between); an administrator who"
                        + " trusts the new key registers the storage again";
            }
        }
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    }
}
