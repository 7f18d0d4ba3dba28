package org.gantry.job.protocol;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.gantry.job.protocol.Problem.Severity;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Collects problems while a document is read and positions them from nodes. Also holds the
 * visit budget: aliases let a small document name a huge tree, so every reader spends one
 * unit per node and stops when {@link ProtocolLimits#MAX_VISITED_NODES} are gone.
 */
final class Diagnostics {

    private final SourceText source;
    private final List<Problem> problems = new ArrayList<>();
    private int budget = ProtocolLimits.MAX_VISITED_NODES;
    private long errors;

    Diagnostics(SourceText source) {
        this.source = source;
    }

    SourceText source() {
        return source;
    }

    void error(String code, String message, String path, Node at) {
        add(Severity.ERROR, code, message, path, at, Optional.empty());
    }

    void warning(String code, String message, String path, Node at) {
        add(Severity.WARNING, code, message, path, at, Optional.empty());
    }

    /** A problem underlining the node, or its first line when it spans several. */
    void add(Severity severity, String code, String message, String path, Node at,
             Optional<String> replacement) {
        int start = source.offset(at.getStartMark());
        int end = Math.max(start, source.offset(at.getEndMark()));
        addAt(severity, code, message, path, start, Math.min(end, source.endOfLine(start)), replacement);
    }

    void addAt(Severity severity, String code, String message, String path, int start, int end,
               Optional<String> replacement) {
        if (exhausted()) {
            // Reading stopped half-way; what follows would be noise about fields never read.
            return;
        }
        if (severity == Severity.ERROR) {
            errors++;
        }
        if (problems.size() < ProtocolLimits.MAX_PROBLEMS) {
            problems.add(new Problem(severity, code, message, path, source.line(start), source.column(start),
                    source.line(end), source.column(end), replacement));
        } else if (problems.size() == ProtocolLimits.MAX_PROBLEMS) {
            errors++;
            problems.add(new Problem(Severity.ERROR, "too-many-problems", "more than " + ProtocolLimits.MAX_PROBLEMS
                    + " problems; fix these first", "", source.line(start), source.column(start), source.line(start),
                    source.column(start), Optional.empty()));
        }
    }

    boolean hasErrors() {
        return errorCount() > 0;
    }

    /** Errors so far; readers compare counts to know whether a part read cleanly. */
    long errorCount() {
        return errors;
    }

    /** Spends one visit; false (after one {@code too-complex} error) once the budget is gone. */
    boolean visit(Node node) {
        if (budget > 0) {
            budget--;
            return true;
        }
        if (budget == 0) {
            error("too-complex", "the document expands to more than " + ProtocolLimits.MAX_VISITED_NODES
                    + " nodes through aliases; write it out or share less", "", node);
            budget--;
        }
        return false;
    }

    boolean exhausted() {
        return budget < 0;
    }

    /** Problems in document order. */
    List<Problem> problems() {
        List<Problem> sorted = new ArrayList<>(problems);
        sorted.sort(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
        return sorted;
    }
}
