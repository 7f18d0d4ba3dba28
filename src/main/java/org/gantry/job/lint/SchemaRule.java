package org.gantry.job.lint;

import java.util.Optional;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.protocol.Problem;

/**
 * The protocol parser's problems as findings: the same codes, messages and positions a
 * submission would report, and its likely replacement for a misspelled field as a fix.
 */
final class SchemaRule implements LintRule {

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        for (Problem problem : document.parsed().problems()) {
            findings.add(toFinding(problem));
        }
    }

    static Finding toFinding(Problem problem) {
        Optional<Fix> fix = problem.replacement().map(r -> new Fix("Replace with " + r, problem.line(),
                problem.column(), problem.endLine(), problem.endColumn(), r));
        return new Finding(Math.max(1, problem.line()), Math.max(1, problem.column()), Math.max(1, problem.endLine()),
                Math.max(1, problem.endColumn()), problem.isError() ? Severity.ERROR : Severity.WARNING, problem.code(),
                problem.message(), fix);
    }
}
