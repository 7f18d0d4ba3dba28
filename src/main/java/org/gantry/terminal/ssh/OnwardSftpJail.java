package org.gantry.terminal.ssh;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.AccessDeniedException;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttributeView;
import java.util.Arrays;
import java.util.Map;
import org.apache.sshd.common.file.root.RootedFileSystemProvider;
import org.apache.sshd.common.file.root.RootedPath;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.fs.SftpFileSystem;

/**
 * A task's working directory on its SSH host as the root of a file system, for MINA's SFTP server
 * to serve: every path goes to the host's own SFTP server through an SFTP client on the onward
 * connection. See docs/decisions/0058-forwarding-to-tasks-on-ssh-hosts.md.
 *
 * <p>MINA's rooted file system stops {@code ..} at the root, but the host's SFTP server follows
 * a symbolic link the task left in its directory to wherever it points, as the host's login,
 * which all tasks on that host share. So each path is also resolved on the host
 * ({@code realpath}, which follows links and accepts a last component that does not exist yet)
 * and refused unless it lies inside the task's directory; an operation on a name itself (its
 * attributes without following, reading or deleting the link) only needs the directories on the
 * way inside, and a link out of the jail lists as a link. A link the task swaps in between that
 * check and the use of the path is not caught: the task's own processes would have to race
 * its owner's client.
 */
final class OnwardSftpJail extends RootedFileSystemProvider {

    /** Set while an operation acts on a name itself, not on what a symbolic link there points to. */
    private static final ThreadLocal<Boolean> LINK_ITSELF = ThreadLocal.withInitial(() -> false);

    private final String root;

    private OnwardSftpJail(String root) {
        this.root = root;
    }

    /**
     * The jail at {@code directory} (relative to the login's home unless absolute) of {@code remote}.
     *
     * @throws IOException when the directory is not there
     */
    static FileSystem open(SftpFileSystem remote, String directory) throws IOException {
        Path given = directory.startsWith("/") ? remote.getPath(directory) : remote.getDefaultDir().resolve(directory);
        String real;
        try (SftpClient client = remote.getClient()) {
            real = client.canonicalPath(given.toString());
            if (!client.stat(real).isDirectory()) {
                throw new IOException(real + " is not a directory");
            }
        }
        return new OnwardSftpJail(real).newFileSystem(remote.getPath(real), Map.of());
    }

    @Override
    protected Path resolveLocalPath(RootedPath path) {
        Path resolved = super.resolveLocalPath(path);
        Path parent = resolved.getParent();
        boolean root = resolved.normalize().toString().equals(this.root);
        if (LINK_ITSELF.get() && parent != null && !root) {
            // the operation acts on the last name itself (lstat, readlink, delete): only the way there must stay inside
            if (!inside(real(path, parent), this.root)) {
                throw new InvalidPathException(path.toString(), "Leads out of the task's directory");
            }
            return resolved;
        }
        if (!inside(real(path, resolved), this.root)) {
            if (parent != null && !root && inside(real(path, parent), this.root)) {
                throw new LinkLeadsOut(path.toString());
            }
            throw new InvalidPathException(path.toString(), "Leads out of the task's directory");
        }
        return resolved;
    }

    private static String real(RootedPath asked, Path resolved) {
        try (SftpClient client = ((SftpFileSystem) resolved.getFileSystem()).getClient()) {
            return client.canonicalPath(resolved.toString());
        } catch (IOException e) {
            // a directory on the way is missing: the request would fail anyway
            throw new InvalidPathException(asked.toString(), "No such directory on the way");
        }
    }

    /**
     * Attributes of a name whose symbolic link leads out of the jail are the link's own, so that a
     * directory holding one still lists; opening it is refused.
     */
    @Override
    public <A extends BasicFileAttributes> A readAttributes(Path path, Class<A> type, LinkOption... options)
            throws IOException {
        try {
            return linkItself(options) ? onLinkItself(() -> super.readAttributes(path, type, options))
                    : super.readAttributes(path, type, options);
        } catch (LinkLeadsOut e) {
            return onLinkItself(() -> super.readAttributes(path, type, LinkOption.NOFOLLOW_LINKS));
        } catch (InvalidPathException e) {
            throw new AccessDeniedException(path.toString(), null, e.getReason());
        }
    }

    @Override
    public Map<String, Object> readAttributes(Path path, String attributes, LinkOption... options) throws IOException {
        try {
            return linkItself(options) ? onLinkItself(() -> super.readAttributes(path, attributes, options))
                    : super.readAttributes(path, attributes, options);
        } catch (LinkLeadsOut e) {
            return onLinkItself(() -> super.readAttributes(path, attributes, LinkOption.NOFOLLOW_LINKS));
        } catch (InvalidPathException e) {
            throw new AccessDeniedException(path.toString(), null, e.getReason());
        }
    }

    @Override
    public <V extends FileAttributeView> V getFileAttributeView(Path path, Class<V> type, LinkOption... options) {
        try {
            return linkItself(options) ? onLinkItselfUnchecked(() -> super.getFileAttributeView(path, type, options))
                    : super.getFileAttributeView(path, type, options);
        } catch (LinkLeadsOut e) {
            return onLinkItselfUnchecked(() -> super.getFileAttributeView(path, type, LinkOption.NOFOLLOW_LINKS));
        }
    }

    @Override
    public Path readSymbolicLink(Path link) throws IOException {
        return onLinkItself(() -> super.readSymbolicLink(link));
    }

    @Override
    public void delete(Path path) throws IOException {
        onLinkItself(() -> {
            super.delete(path);
            return null;
        });
    }

    @Override
    public boolean deleteIfExists(Path path) throws IOException {
        return onLinkItself(() -> super.deleteIfExists(path));
    }

    private static boolean linkItself(LinkOption... options) {
        return Arrays.asList(options).contains(LinkOption.NOFOLLOW_LINKS);
    }

    private static <T> T onLinkItself(IoCall<T> call) throws IOException {
        boolean before = LINK_ITSELF.get();
        LINK_ITSELF.set(true);
        try {
            return call.run();
        } finally {
            LINK_ITSELF.set(before);
        }
    }

    private static <T> T onLinkItselfUnchecked(java.util.function.Supplier<T> call) {
        boolean before = LINK_ITSELF.get();
        LINK_ITSELF.set(true);
        try {
            return call.get();
        } finally {
            LINK_ITSELF.set(before);
        }
    }

    private interface IoCall<T> {
        T run() throws IOException;
    }

    /** The last name is a symbolic link out of the jail; the directories on the way are inside. */
    private static final class LinkLeadsOut extends InvalidPathException {

        LinkLeadsOut(String path) {
            super(path, "A symbolic link out of the task's directory");
        }
    }

    static boolean inside(String real, String root) {
        return real.equals(root) || real.startsWith(root.endsWith("/") ? root : root + "/");
    }
}
