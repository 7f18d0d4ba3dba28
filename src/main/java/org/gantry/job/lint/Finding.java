package org.gantry.job.lint;

import java.util.Objects;
import java.util.Optional;

/**
 * One thing the linter found in a job document, positioned for an editor.
 *
 * <p>Positions follow {@link org.gantry.job.protocol.Problem}: lines and columns are 1-based,
 * columns count UTF-16 code units (as JavaScript editors do), the end is exclusive.
 * {@code code} is stable and meant for machines: the protocol parser's codes for schema
 * problems ({@code unknown-field}), the linter's own ({@code misspelled-command}), or
 * ShellCheck's ({@code SC2086}). {@code message} is for people.
 *
 * @param fix an edit that certainly repairs the finding, offered as a quick fix
 */
public record Finding(int line, int column, int endLine, int endColumn, Severity severity, String code,
                      String message, Optional<Fix> fix) {

    public enum Severity { ERROR, WARNING, INFO }

    public Finding {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(fix, "fix");
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** "3:7 WARNING misspelled-command: message", as the CLI prints it. */
    @Override
    public String toString() {
        return line + ":" + column + " " + severity + " " + code + ": " + message;
    }
}
