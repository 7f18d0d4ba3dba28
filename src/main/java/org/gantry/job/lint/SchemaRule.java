package org.gantry.job.lint;

import java.util.Optional;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.protocol.Problem;
import org.gantry.job.protocol.YamlQuoting;

/**
 * The protocol parser's problems as findings: the same codes, messages and positions a
 * submission would report, and its likely replacement for a misspelled field as a fix. A
 * one-line command that YAML reads as a mapping ({@code - echo "before: $X"}: the ": " makes
 * it a key and a value) is explained, with the line quoted as the fix.
 */
final class SchemaRule implements LintRule {

    private static final String MAPPING_FOR_STRING = "expected a string, found a mapping";

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        for (Problem problem : document.parsed().problems()) {
            findings.add(quotingFix(document.text(), problem).orElseGet(() -> toFinding(problem)));
        }
    }

    static Finding toFinding(Problem problem) {
        Optional<Fix> fix = problem.replacement().map(r -> new Fix("Replace with " + r, problem.line(),
                problem.column(), problem.endLine(), problem.endColumn(), r));
        return new Finding(Math.max(1, problem.line()), Math.max(1, problem.column()), Math.max(1, problem.endLine()),
                Math.max(1, problem.endColumn()), problem.isError() ? Severity.ERROR : Severity.WARNING, problem.code(),
                problem.message(), fix);
    }

    /** The finding for a list item that was meant as one string but reads as a one-line mapping. */
    static Optional<Finding> quotingFix(String text, Problem problem) {
        if (!problem.message().endsWith(MAPPING_FOR_STRING) || problem.line() < 1) {
            return Optional.empty();
        }
        String[] lines = text.split("\n", -1);
        if (problem.line() > lines.length) {
            return Optional.empty();
        }
        String line = lines[problem.line() - 1].stripTrailing();
        int from = problem.column() - 1;
        boolean oneLine = problem.endLine() == problem.line() || problem.endLine() == problem.line() + 1
                && problem.endColumn() <= 1 || problem.endLine() > problem.line() && restIsBlank(lines, problem);
        if (!oneLine || from < 0 || from >= line.length() || line.substring(from).contains(" #")) {
            return Optional.empty();
        }
        String written = line.substring(from);
        String quoted = YamlQuoting.singleQuoted(written);
        String where = problem.message().substring(0, problem.message().length() - MAPPING_FOR_STRING.length());
        Fix fix = new Fix("Quote the line", problem.line(), problem.column(), problem.line(), line.length() + 1,
                quoted);
        return Optional.of(new Finding(problem.line(), problem.column(), problem.line(), line.length() + 1,
                problem.isError() ? Severity.ERROR : Severity.WARNING, problem.code(), where + "YAML reads `" + written
                + "` as a mapping (the `: ` in it separates a key from a value), not as one string: quote the"
                + " line, `" + quoted + "`", Optional.of(fix)));
    }

    /** Whether the lines after the problem's first, up to its end, hold nothing. */
    private static boolean restIsBlank(String[] lines, Problem problem) {
        for (int i = problem.line(); i < Math.min(lines.length, problem.endLine()); i++) {
            String line = i == problem.endLine() - 1 ? lines[i].substring(0, Math.min(lines[i].length(),
                    Math.max(0, problem.endColumn() - 1))) : lines[i];
            if (!line.isBlank()) {
                return false;
            }
        }
        return true;
    }
}
