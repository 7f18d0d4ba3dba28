package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.protocol.SourceText;
import org.gantry.job.protocol.YamlQuoting;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Collects findings, positioning them from document offsets, script offsets of a command
 * block, or nodes. A finding at the same place with the same code is kept once (job-level
 * deps run in every task role and would otherwise be reported once per role).
 */
final class Findings {

    /** Findings beyond this are dropped: a document that bad needs its first problems fixed. */
    static final int MAX_FINDINGS = 1000;

    private final LintDocument document;
    private final List<Finding> findings = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();

    Findings(LintDocument document) {
        this.document = document;
    }

    void add(Finding finding) {
        if (findings.size() < MAX_FINDINGS && seen.add(finding.line() + ":" + finding.column() + ":" + finding.code())) {
            findings.add(finding);
        }
    }

    void atOffsets(int start, int end, Severity severity, String code, String message, Optional<Fix> fix) {
        SourceText index = document.index();
        add(new Finding(index.line(start), index.column(start), index.line(end), index.column(end), severity, code,
                message, fix));
    }

    /** At a node, or its first line when it spans several. */
    void atNode(Node node, Severity severity, String code, String message) {
        SourceText index = document.index();
        int start = index.offset(node.getStartMark());
        int end = Math.min(Math.max(start, index.offset(node.getEndMark())), index.endOfLine(start));
        atOffsets(start, end, severity, code, message, Optional.empty());
    }

    void inScript(CommandBlock block, int start, int end, Severity severity, String code, String message,
                  Optional<Fix> fix) {
        atOffsets(block.docStart(start), block.docEnd(start, end), severity, code, message, fix);
    }

    /** A fix replacing a script range with text written as the command's scalar style needs. */
    Optional<Fix> replaceInScript(CommandBlock block, int start, int end, String title, String text) {
        Optional<CommandBlock.Item> item = block.itemAt(start);
        if (item.isEmpty() || item.get().end() < end) {
            return Optional.empty();
        }
        return YamlQuoting.withinLine(text, item.get().style()).map(written -> {
            SourceText index = document.index();
            int from = block.docStart(start);
            int to = block.docEnd(start, end);
            return new Fix(title, index.line(from), index.column(from), index.line(to), index.column(to), written);
        });
    }

    List<Finding> sorted() {
        List<Finding> sorted = new ArrayList<>(findings);
        sorted.sort(Comparator.comparingInt(Finding::line).thenComparingInt(Finding::column)
                .thenComparing(Finding::code));
        return sorted;
    }
}
