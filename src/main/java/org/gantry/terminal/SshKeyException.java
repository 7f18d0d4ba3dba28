package org.gantry.terminal;

/** A key request that cannot be honoured; the message is meant for the user. */
public class SshKeyException extends RuntimeException {

    public SshKeyException(String message) {
        super(message);
    }
}
