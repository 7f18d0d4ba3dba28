package org.gantry.job;

import java.util.List;
import java.util.stream.Collectors;
import org.gantry.job.protocol.Problem;

/**
 * A submission that was not accepted, with every problem found (positions included), so
 * that a client can show them all at once.
 */
public class JobSubmissionException extends RuntimeException {

    /** Why, so that the REST layer can pick OpenPAI's code and status. */
    public enum Reason {
        /** The document has errors: syntax, schema, templating. */
        INVALID,
        /** The document is larger than the protocol allows. */
        TOO_LARGE,
        /** {@code defaults.virtualCluster} names no virtual cluster. */
        NO_VIRTUAL_CLUSTER,
        /** The virtual cluster exists but none of the user's groups grants it. */
        FORBIDDEN_VIRTUAL_CLUSTER,
        /** A budget with a hard limit is spent (a {@link SubmissionGate} refused). */
        BUDGET_EXCEEDED,
        /** The disk the job's tasks and records need is full (a temporary state of the server). */
        DISK_FULL
    }

    private final Reason reason;
    private final List<Problem> problems;

    public JobSubmissionException(Reason reason, List<Problem> problems) {
        super(summary(problems));
        this.reason = reason;
        this.problems = List.copyOf(problems);
    }

    public Reason reason() {
        return reason;
    }

    /** All problems, errors first as the document orders them, then warnings. */
    public List<Problem> problems() {
        return problems;
    }

    private static String summary(List<Problem> problems) {
        List<Problem> errors = problems.stream().filter(Problem::isError).toList();
        if (errors.isEmpty()) {
            return "The job was not accepted";
        }
        String first = errors.stream().limit(3).map(p -> (p.line() > 0 ? "line " + p.line() + ": " : "") + p.message())
                .collect(Collectors.joining("; "));
        return errors.size() == 1 ? first : errors.size() + " errors: " + first + (errors.size() > 3 ? "; …" : "");
    }
}
