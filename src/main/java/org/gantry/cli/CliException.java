package org.gantry.cli;

/** A failure the CLI reports in one line, without a stack trace. */
public class CliException extends RuntimeException {

    public CliException(String message) {
        super(message);
    }
}
