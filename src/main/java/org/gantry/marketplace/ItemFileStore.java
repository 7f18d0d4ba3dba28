package org.gantry.marketplace;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where the bytes of item files live, owned by the marketplace. Keys are an item id, a
 * version and the file's name as the user gave it; an implementation must never use that
 * name as (part of) a path. Today {@code localfiles} keeps them in a directory under the data
 * directory; the storage feature's service is meant to replace it (docs/decisions/0017).
 */
public interface ItemFileStore {

    /**
     * Copies {@code in} to the store, reading at most {@code maxBytes}. Replaces a file of the
     * same key. The caller closes {@code in}.
     *
     * @throws FileTooLargeException when {@code in} has more than {@code maxBytes}; nothing is kept
     */
    StoredFile store(long itemId, int version, String name, InputStream in, long maxBytes) throws IOException;

    /** The file's bytes; the caller closes the stream. */
    InputStream open(long itemId, int version, String name) throws IOException;

    /** Removes one file; nothing happens when it is absent. */
    void delete(long itemId, int version, String name) throws IOException;

    /** Removes every file of the item. */
    void deleteItem(long itemId) throws IOException;

    /** What was stored: its size and SHA-256 in hex, and its first bytes for content sniffing. */
    record StoredFile(long size, String sha256, byte[] head) {
    }

    /** More bytes than allowed arrived. */
    class FileTooLargeException extends IOException {
        public FileTooLargeException(long maxBytes) {
            super("The file is larger than " + maxBytes + " bytes.");
        }
    }
}
