package org.gantry.storage.vfs;

import com.jcraft.jsch.ChannelSftp;
import com.jcraft.jsch.SftpException;
import java.lang.reflect.Method;
import java.util.Optional;
import org.apache.commons.vfs2.FileObject;
import org.apache.commons.vfs2.FileSystemException;
import org.apache.commons.vfs2.provider.sftp.SftpFileSystem;
import org.gantry.storage.StorageException;
import org.gantry.storage.StorageException.Kind;

/**
 * Symbolic links on an SFTP root, which VFS's SFTP provider cannot see: every existing
 * component of a path below the root is {@code lstat}'ed and a link refuses the path. VFS
 * keeps its channel to itself (a protected method), so it is borrowed by reflection and given
 * back after each check.
 */
final class SftpRealPaths {

    private final SftpFileSystem fileSystem;
    private final Method getChannel;
    private final Method putChannel;
    private final String rootReal;

    private SftpRealPaths(SftpFileSystem fileSystem, String rootPath) throws ReflectiveOperationException {
        this.fileSystem = fileSystem;
        this.getChannel = SftpFileSystem.class.getDeclaredMethod("getChannel");
        this.putChannel = SftpFileSystem.class.getDeclaredMethod("putChannel", ChannelSftp.class);
        getChannel.setAccessible(true);
        putChannel.setAccessible(true);
        // the root's own path as VFS names it: every file's VFS path starts with it
        this.rootReal = rootPath;
    }

    static Optional<SftpRealPaths> of(FileObject root) {
        if (!(root.getFileSystem() instanceof SftpFileSystem sftp)) {
            return Optional.empty();
        }
        try {
            return Optional.of(new SftpRealPaths(sftp, root.getName().getPathDecoded()));
        } catch (ReflectiveOperationException | FileSystemException e) {
            throw new StorageException(Kind.UNAVAILABLE, "The SFTP root cannot be resolved: " + VfsStorageRoot.reason(e), e);
        }
    }

    private interface ChannelCall<T> {
        T call(ChannelSftp channel) throws SftpException;
    }

    /**
     * Runs the call on VFS's channel. A channel of a connection that died meanwhile (the server
     * restarted) fails with "Pipe closed" although VFS took it for alive: it is dropped and the
     * call runs once more on a new connection, which checks the server's host key again.
     */
    private <T> T withChannel(ChannelCall<T> call) throws ReflectiveOperationException {
        try {
            return onChannel(call);
        } catch (java.lang.reflect.InvocationTargetException e) {
            if (!(e.getCause() instanceof SftpException sftp) || !(sftp.getCause() instanceof java.io.IOException)) {
                throw e;
            }
            return onChannel(call);
        }
    }

    private <T> T onChannel(ChannelCall<T> call) throws ReflectiveOperationException {
        ChannelSftp channel = (ChannelSftp) getChannel.invoke(fileSystem);
        boolean broken = false;
        try {
            return call.call(channel);
        } catch (SftpException e) {
            broken = e.getCause() instanceof java.io.IOException;
            throw new java.lang.reflect.InvocationTargetException(e);
        } finally {
            if (broken) {
                channel.disconnect();
                disconnectSession(channel);
            } else {
                putChannel.invoke(fileSystem, channel);
            }
        }
    }

    /** Ends the dead connection too, so that VFS opens a new one instead of reusing it. */
    private static void disconnectSession(ChannelSftp channel) {
        try {
            channel.getSession().disconnect();
        } catch (com.jcraft.jsch.JSchException alreadyGone) {
            // nothing to end
        }
    }

    /**
     * Refuses a path through any symbolic link below the root: a server's {@code realpath}
     * need not resolve links (MINA's does not), so a link's target cannot be checked there.
     */
    void check(FileObject file) {
        try {
            String path = file.getName().getPathDecoded();
            String root = rootReal.endsWith("/") ? rootReal : rootReal + "/";
            Boolean linkFree = withChannel(channel -> {
                for (String p = path; p != null && p.startsWith(root) && !p.equals(rootReal); p = parent(p)) {
                    try {
                        if (channel.lstat(p).isLink()) {
                            return false;
                        }
                    } catch (SftpException e) {
                        if (e.id != ChannelSftp.SSH_FX_NO_SUCH_FILE) {
                            throw e;
                        }
                    }
                }
                return true;
            });
            if (!linkFree || !isUnder(path)) {
                throw new StorageException(Kind.FORBIDDEN, "The path goes through a symbolic link, which Gantry"
                        + " does not follow on SFTP storages.");
            }
        } catch (ReflectiveOperationException | FileSystemException e) {
            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException ite ? ite.getCause() : e;
            throw new StorageException(Kind.UNAVAILABLE, "The SFTP server failed: " + VfsStorageRoot.reason(cause), cause);
        }
    }

    private boolean isUnder(String real) {
        if (!real.startsWith("/") || real.equals("/..") || real.contains("/../") || real.endsWith("/..")) {
            return false;
        }
        String root = rootReal.endsWith("/") ? rootReal : rootReal + "/";
        return real.equals(rootReal) || real.startsWith(root);
    }

    private static String parent(String path) {
        if (path.equals("/") || path.isEmpty()) {
            return null;
        }
        int slash = path.lastIndexOf('/');
        return slash <= 0 ? "/" : path.substring(0, slash);
    }
}
