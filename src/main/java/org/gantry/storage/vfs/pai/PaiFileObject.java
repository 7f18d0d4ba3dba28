package org.gantry.storage.vfs.pai;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.commons.vfs2.FileObject;
import org.apache.commons.vfs2.FileSystemException;
import org.apache.commons.vfs2.FileType;
import org.apache.commons.vfs2.NameScope;
import org.apache.commons.vfs2.provider.AbstractFileName;
import org.apache.commons.vfs2.provider.AbstractFileObject;
import org.apache.commons.vfs2.provider.UriParser;

/**
 * A file, folder or storage of a Gantry server. The name's path is {@code /STORAGE/PATH}; the
 * root is the folder of the caller's storages. What the server said of the entry is kept
 * until VFS detaches the object (refresh); listings hand their children what they learned.
 */
class PaiFileObject extends AbstractFileObject<PaiFileSystem> {

    private Optional<PaiEntry> entry;
    private boolean known;

    PaiFileObject(AbstractFileName name, PaiFileSystem fileSystem) {
        super(name, fileSystem);
    }

    /** The storage's name, empty for the root. */
    String storage() {
        String path = decodedPath();
        int slash = path.indexOf('/', 1);
        return slash < 0 ? path.substring(1) : path.substring(1, slash);
    }

    /** The path inside the storage, starting with a slash. */
    String path() {
        String path = decodedPath();
        int slash = path.indexOf('/', 1);
        return slash < 0 ? "/" : path.substring(slash);
    }

    private String decodedPath() {
        try {
            return getName().getPathDecoded();
        } catch (FileSystemException e) {
            return getName().getPath();
        }
    }

    private boolean isRoot() {
        return storage().isEmpty();
    }

    PaiRest rest() {
        return getAbstractFileSystem().rest();
    }

    /** What the server said of this entry; empty when there is none. */
    Optional<PaiEntry> entry() throws FileSystemException {
        if (isRoot()) {
            return Optional.of(new PaiEntry("", true, 0, Optional.empty()));
        }
        getType();
        return entry == null ? Optional.empty() : entry;
    }

    void know(Optional<PaiEntry> entry) {
        this.entry = entry;
        this.known = true;
    }

    @Override
    protected void doAttach() throws Exception {
        if (!known && !isRoot()) {
            know(rest().stat(storage(), path()));
        }
    }

    @Override
    protected void doDetach() {
        known = false;
        entry = null;
    }

    @Override
    protected FileType doGetType() {
        if (isRoot()) {
            return FileType.FOLDER;
        }
        return entry.map(e -> e.directory() ? FileType.FOLDER : FileType.FILE).orElse(FileType.IMAGINARY);
    }

    @Override
    protected long doGetContentSize() {
        return entry.map(PaiEntry::size).orElse(0L);
    }

    @Override
    protected long doGetLastModifiedTime() {
        return entry.flatMap(PaiEntry::modified).map(java.time.Instant::toEpochMilli).orElse(0L);
    }

    @Override
    protected String[] doListChildren() throws Exception {
        return listEntries().stream().map(PaiEntry::name).map(UriParser::encode).toArray(String[]::new);
    }

    @Override
    protected FileObject[] doListChildrenResolved() throws Exception {
        List<PaiEntry> entries = listEntries();
        FileObject[] children = new FileObject[entries.size()];
        for (int i = 0; i < children.length; i++) {
            PaiEntry child = entries.get(i);
            children[i] = getFileSystem().resolveFile(getFileSystem().getFileSystemManager()
                    .resolveName(getName(), UriParser.encode(child.name()), NameScope.CHILD));
            if (children[i] instanceof PaiFileObject pai) {
                pai.refresh();
                pai.know(Optional.of(child));
            }
        }
        return children;
    }

    /** Every entry of this folder, page after page; for the root, the caller's storages as folders. */
    List<PaiEntry> listEntries() throws FileSystemException {
        List<PaiEntry> all = new ArrayList<>();
        if (isRoot()) {
            rest().storages().forEach(name -> all.add(new PaiEntry(name, true, 0, Optional.empty())));
            return all;
        }
        OptionalInt next = OptionalInt.of(0);
        while (next.isPresent()) {
            PaiRest.Page page = rest().list(storage(), path(), next.getAsInt());
            all.addAll(page.entries());
            next = page.next();
        }
        return all;
    }

    @Override
    protected InputStream doGetInputStream(int bufferSize) throws Exception {
        return rest().read(storage(), path());
    }

    /** Writes through a pipe into one streaming PUT; the server puts the file in place when the stream closes. */
    @Override
    protected OutputStream doGetOutputStream(boolean append) throws Exception {
        if (append) {
            throw new PaiException(400, "Gantry storages do not append to files: write the whole file");
        }
        requireInStorage("write");
        PipedInputStream body = new PipedInputStream(1 << 20);
        PipedOutputStream pipe = new PipedOutputStream(body);
        CompletableFuture<Void> upload = CompletableFuture.runAsync(() -> {
            try {
                rest().write(storage(), path(), () -> body);
            } catch (PaiException e) {
                throw new java.util.concurrent.CompletionException(e);
            }
        });
        return new FilterOutputStream(pipe) {
            @Override
            public void write(byte[] bytes, int offset, int length) throws IOException {
                out.write(bytes, offset, length);
            }

            @Override
            public void close() throws IOException {
                super.close();
                try {
                    upload.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException(e);
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
                }
            }
        };
    }

    @Override
    protected void doCreateFolder() throws Exception {
        requireInStorage("create a folder");
        rest().mkdir(storage(), path());
    }

    @Override
    protected void doDelete() throws Exception {
        requireInStorage("delete");
        rest().delete(storage(), path(), false);
    }

    /** Deletes a folder with everything in it in one request; answers how many entries went. */
    int deleteRecursively() throws FileSystemException {
        requireInStorage("delete");
        int deleted = rest().delete(storage(), path(), true);
        refresh();
        return deleted;
    }

    @Override
    protected void doRename(FileObject target) throws Exception {
        transferTo((PaiFileObject) target, true);
    }

    /** A copy or move done by the server, between storages of the same server too. */
    void transferTo(PaiFileObject target, boolean move) throws FileSystemException {
        requireInStorage(move ? "move" : "copy");
        target.requireInStorage(move ? "move" : "copy");
        rest().transfer(move, storage(), path(), target.storage(), target.path());
        refresh();
        target.refresh();
    }

    private void requireInStorage(String what) throws PaiException {
        if (isRoot() || path().equals("/")) {
            throw new PaiException(400, "Cannot " + what + " " + getName().getURI()
                    + ": name a path inside a storage (pai://ALIAS/STORAGE/PATH)");
        }
    }

    @Override
    protected boolean doIsSameFile(FileObject other) {
        return other instanceof PaiFileObject pai && pai.getAbstractFileSystem() == getAbstractFileSystem()
                && pai.getName().equals(getName());
    }
}
