package org.gantry.storage;

/**
 * How a storage's root URI is opened. Every kind goes through Commons VFS; {@link #VFS} takes
 * any scheme the configured file system manager knows (WebDAV, HDFS … added by
 * {@code gantry.storage.providers}), so a new kind is configuration, not code.
 */
public enum StorageKind {
    /** A local or NFS-mounted directory on Gantry's host ({@code /srv/data} or {@code file:///srv/data}). */
    LOCAL,
    /** An SFTP server ({@code sftp://user@host:22/path}); the password is the sealed credential. */
    SFTP,
    /** Any other Commons VFS URI. */
    VFS
}
