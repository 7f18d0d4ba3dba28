package org.gantry.terminal.ssh;

import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
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
 * and refused unless it lies inside the task's directory. A link the task swaps in between that
 * check and the use of the path is not caught: the task's own processes would have to race
 * its owner's client.
 */
final class OnwardSftpJail extends RootedFileSystemProvider {

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
        String real;
        try (SftpClient client = ((SftpFileSystem) resolved.getFileSystem()).getClient()) {
            real = client.canonicalPath(resolved.toString());
        } catch (IOException e) {
            // a directory on the way is missing: the request would fail anyway
            throw new InvalidPathException(path.toString(), "No such directory on the way");
        }
        if (!inside(real, root)) {
            throw new InvalidPathException(path.toString(), "Leads out of the task's directory");
        }
        return resolved;
    }

    static boolean inside(String real, String root) {
        return real.equals(root) || real.startsWith(root.endsWith("/") ? root : root + "/");
    }
}
