package org.gantry.storage;

import java.util.Optional;

/**
 * Opens a storage's root. The only implementation lives in {@code storage.vfs} (Commons VFS);
 * no other code touches a storage's files.
 */
public interface StorageBackend {

    /**
     * A handle on the root. {@code password} is the opened credential, empty when the storage
     * has none. Fails with {@link StorageException} (UNAVAILABLE, INVALID) when the URI cannot be opened.
     */
    StorageRoot open(StorageKind kind, String rootUri, Optional<String> password);

    /**
     * The same for a root whose server is known by a pinned host key ({@link #hostKey}): an SFTP
     * server presenting another key is refused (UNAVAILABLE, saying so).
     */
    StorageRoot open(StorageKind kind, String rootUri, Optional<String> password, Optional<String> hostKey);

    /**
     * Connects to an SFTP root's server and answers its host key as a known_hosts line, to pin.
     * Fails with {@link StorageException} UNAVAILABLE when the server cannot be reached.
     */
    String hostKey(String rootUri);

    /** Checks an administrator's root URI for the kind without connecting; a message says what is wrong. */
    Optional<String> checkUri(StorageKind kind, String rootUri);
}
