package org.gantry.job.protocol;

import java.util.Objects;
import java.util.Optional;

/**
 * One finding about a job document, positioned for an editor.
 *
 * <p>Lines and columns are 1-based; columns count UTF-16 code units (as JavaScript editors
 * do), and the end is exclusive. {@code path} names the field in dotted form
 * ({@code taskRoles.train.resourcePerInstance.gpu}, {@code prerequisites[0].uri}); it is
 * empty for problems of the document as a whole. {@code code} is stable and meant for
 * machines (quick fixes, tests, REST clients); {@code message} is for people.
 *
 * @param replacement text that would fix the problem when put in place of the range
 *                    (a misspelled field's likely name), when the fix is certain enough
 */
public record Problem(Severity severity, String code, String message, String path,
                      int line, int column, int endLine, int endColumn,
                      Optional<String> replacement) {

    public enum Severity { ERROR, WARNING }

    public Problem {
        Objects.requireNonNull(severity, "severity");
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(replacement, "replacement");
    }

    public boolean isError() {
        return severity == Severity.ERROR;
    }

    /** "3:7 ERROR unknown-field: message", handy in logs and CLI output. */
    @Override
    public String toString() {
        return line + ":" + column + " " + severity + " " + code + ": " + message;
    }
}
