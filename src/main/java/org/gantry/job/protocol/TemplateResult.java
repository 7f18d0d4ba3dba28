package org.gantry.job.protocol;

import java.util.List;

/**
 * The document with its templates replaced, and what could not be resolved. References
 * with problems are left as written.
 */
public record TemplateResult(String resolvedText, List<Problem> problems) {

    public TemplateResult {
        problems = List.copyOf(problems);
    }

    public boolean hasErrors() {
        return problems.stream().anyMatch(Problem::isError);
    }
}
