package org.gantry.storage.vfs.pai;

import org.apache.commons.vfs2.FileSystemException;

/** A refusal or failure of a Gantry server, with the server's own words as the message. */
public class PaiException extends FileSystemException {

    private final int status;

    PaiException(int status, String message) {
        super(message);
        this.status = status;
    }

    PaiException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
    }

    /** The HTTP status the server answered, 0 when it could not be reached. */
    public int status() {
        return status;
    }

    @Override
    public String getMessage() {
        // FileSystemException looks its message up as a resource key; this one is already the text.
        return getCode();
    }
}
