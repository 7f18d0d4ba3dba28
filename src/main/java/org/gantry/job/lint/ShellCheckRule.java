package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.protocol.SourceText;

/**
 * ShellCheck's comments on the job's commands, mapped back to the YAML lines they came from.
 *
 * <p>Each command block is checked on its own (a syntax error in one cannot spill into the
 * next), and ShellCheck remembers recent blocks, so typing in one block re-checks only that
 * one. {@code <% %>} templates are replaced by letters of the same length first, so that
 * ShellCheck reads them as words rather than redirections and every column stays put.
 * ShellCheck's own fix, when it has one, becomes the quick fix.
 */
final class ShellCheckRule implements LintRule {

    private final ShellCheck shellCheck;

    ShellCheckRule(ShellCheck shellCheck) {
        this.shellCheck = shellCheck;
    }

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        for (CommandBlock block : document.blocks()) {
            String script = withoutTemplates(block.script()) + "\n";
            SourceText lines = new SourceText(script);
            for (ShellCheck.Comment comment : shellCheck.check(script)) {
                int start = Math.min(offset(script, lines, comment.line(), comment.column()), block.script().length());
                int end = Math.min(Math.max(start, offset(script, lines, comment.endLine(), comment.endColumn())),
                        block.script().length());
                findings.inScript(block, start, end, severity(comment.level()), "SC" + comment.code(),
                        comment.message() + " (ShellCheck SC" + comment.code() + ")",
                        fix(comment, script, lines, block, findings));
            }
        }
    }

    /** ShellCheck's edits merged into one replacement of the range they span. */
    private static Optional<Fix> fix(ShellCheck.Comment comment, String script, SourceText lines, CommandBlock block,
                                     Findings findings) {
        if (comment.fix().isEmpty()) {
            return Optional.empty();
        }
        List<int[]> edits = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<ShellCheck.Replacement> sorted = new ArrayList<>(comment.fix());
        sorted.sort(Comparator.comparingInt(ShellCheck.Replacement::line)
                .thenComparingInt(ShellCheck.Replacement::column));
        for (ShellCheck.Replacement r : sorted) {
            int from = offset(script, lines, r.line(), r.column());
            int to = offset(script, lines, r.endLine(), r.endColumn());
            if (from < 0 || to < from || to > block.script().length()
                    || (!edits.isEmpty() && from < edits.get(edits.size() - 1)[1])) {
                return Optional.empty();
            }
            edits.add(new int[] {from, to});
            texts.add(r.text());
        }
        int from = edits.get(0)[0];
        int to = edits.get(edits.size() - 1)[1];
        StringBuilder text = new StringBuilder();
        int last = from;
        for (int i = 0; i < edits.size(); i++) {
            text.append(block.script(), last, edits.get(i)[0]).append(texts.get(i));
            last = edits.get(i)[1];
        }
        text.append(block.script(), last, to);
        return findings.replaceInScript(block, from, to, "Apply ShellCheck's fix", text.toString());
    }

    /** Offset of ShellCheck's line and column, its columns counting a tab up to the next stop of 8. */
    private static int offset(String script, SourceText lines, int line, int column) {
        int offset = lines.lineStart(Math.max(1, line));
        int visual = 1;
        while (visual < column && offset < script.length() && script.charAt(offset) != '\n') {
            visual += script.charAt(offset) == '\t' ? 8 - (visual - 1) % 8 : 1;
            offset++;
        }
        return offset;
    }

    private static Severity severity(String level) {
        return switch (level) {
            case "error" -> Severity.ERROR;
            case "warning" -> Severity.WARNING;
            default -> Severity.INFO;
        };
    }

    /** The script with each {@code <% … %>} overwritten by letters, keeping line breaks. */
    static String withoutTemplates(String script) {
        StringBuilder out = new StringBuilder(script);
        int from = 0;
        while (true) {
            int open = script.indexOf("<%", from);
            if (open < 0) {
                return out.toString();
            }
            int close = script.indexOf("%>", open + 2);
            int end = close < 0 ? script.length() : close + 2;
            for (int i = open; i < end; i++) {
                if (script.charAt(i) != '\n') {
                    out.setCharAt(i, 'T');
                }
            }
            from = end;
        }
    }
}
