package org.gantry.storage;

/** A file or storage operation refused or failed, with what the REST layer maps it to. */
public class StorageException extends RuntimeException {

    /** Why; the REST layer answers NO_STORAGE 404, FORBIDDEN 403, INVALID 400, NOT_FOUND 404, CONFLICT 409, TOO_LARGE 413, UNAVAILABLE 502. */
    public enum Kind { NO_STORAGE, FORBIDDEN, INVALID, NOT_FOUND, CONFLICT, TOO_LARGE, UNAVAILABLE }

    private final Kind kind;

    public StorageException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public StorageException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
