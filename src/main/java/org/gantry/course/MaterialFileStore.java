package org.gantry.course;

import java.io.IOException;
import java.io.InputStream;

/**
 * Where the bytes of lecture notes live, owned by the courses. Keys are a unit id, a version
 * and the note's name as the instructor gave it; an implementation must never use that name
 * as (part of) a path. Today {@code localfiles} keeps them under the data directory, like the
 * marketplace's files (docs/decisions/0017); the storage service is meant to replace both.
 */
public interface MaterialFileStore {

    /**
     * Copies {@code in} to the store, reading at most {@code maxBytes}; the caller closes {@code in}.
     *
     * @throws TooLargeException when {@code in} has more than {@code maxBytes}; nothing is kept
     */
    Stored store(long unitId, int version, String name, InputStream in, long maxBytes) throws IOException;

    /**
     * The note's bytes; the caller closes the stream.
     *
     * @throws java.nio.file.NoSuchFileException when nothing is stored under the key
     */
    InputStream open(long unitId, int version, String name) throws IOException;

    /** Removes one version of a note; nothing happens when it is absent. */
    void delete(long unitId, int version, String name) throws IOException;

    /** What was stored: its size and SHA-256 in hex, and its first bytes for content sniffing. */
    record Stored(long size, String sha256, byte[] head) {
    }

    /** More bytes than allowed arrived. */
    class TooLargeException extends IOException {
        public TooLargeException(long maxBytes) {
            super("The file is larger than " + maxBytes + " bytes.");
        }
    }
}
