package org.gantry.terminal;

/** A shell cannot be opened where the task runs; the message is shown to the person connecting. */
public class ShellUnavailableException extends RuntimeException {

    public ShellUnavailableException(String message) {
        super(message);
    }

    public ShellUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
