package org.gantry.job.protocol;

import java.util.List;
import java.util.Optional;

/**
 * What {@link ProtocolParser} made of a document: the spec, present only when no problem is
 * an error, and every problem found, in document order.
 */
public record ParseResult(Optional<JobSpec> spec, List<Problem> problems) {

    public ParseResult {
        problems = List.copyOf(problems);
        if (spec.isPresent() && problems.stream().anyMatch(Problem::isError)) {
            throw new IllegalArgumentException("a spec with errors");
        }
    }

    public boolean hasErrors() {
        return problems.stream().anyMatch(Problem::isError);
    }

    public List<Problem> errors() {
        return problems.stream().filter(Problem::isError).toList();
    }

    public List<Problem> warnings() {
        return problems.stream().filter(p -> !p.isError()).toList();
    }
}
