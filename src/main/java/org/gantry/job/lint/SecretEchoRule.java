package org.gantry.job.lint;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;
import org.gantry.job.lint.ShellWords.Word;
import org.gantry.job.protocol.SecretRedaction;

/**
 * A secret printed to stdout ({@code echo}, {@code printf}, {@code cat <<<}): it lands in the
 * task's log, which outlives the job and is shown to whoever may read the job. Found as a
 * {@code <% $secrets.… %>} reference and, when the document is valid, as a secret's value
 * pasted in literally.
 */
final class SecretEchoRule implements LintRule {

    static final String CODE = "secret-echoed";

    private static final Set<String> PRINTERS = Set.of("echo", "printf", "cat");

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        List<String> values = document.parsed().spec().isPresent() ? secretValues(document) : List.of();
        for (CommandBlock block : document.blocks()) {
            for (Command command : block.commands()) {
                if (!PRINTERS.contains(command.literalName()) || !printsToStdout(command)) {
                    continue;
                }
                List<Word> printed = command.literalName().equals("cat") ? command.redirects() : command.args();
                for (Word word : printed) {
                    secretIn(word.raw(), values).ifPresent(at -> findings.inScript(block, word.start() + at[0],
                            word.start() + at[1], Severity.WARNING, CODE, "`" + command.literalName() + "` prints a"
                                    + " secret into the task's log, which outlives the job; pass it in an environment"
                                    + " variable or a file instead", Optional.empty()));
                }
            }
        }
    }

    /** Whether the command's output goes to stdout (not redirected into a file). */
    private static boolean printsToStdout(Command command) {
        if (command.literalName().equals("cat")) {
            return !command.redirects().isEmpty() && command.args().isEmpty();
        }
        return command.redirects().isEmpty();
    }

    private static Optional<int[]> secretIn(String raw, List<String> values) {
        for (String marker : List.of("<% $secrets.", "<%$secrets.")) {
            int at = raw.indexOf(marker);
            if (at >= 0) {
                int close = raw.indexOf("%>", at);
                return Optional.of(new int[] {at, close < 0 ? raw.length() : close + 2});
            }
        }
        for (String value : values) {
            int at = raw.indexOf(value);
            if (at >= 0) {
                return Optional.of(new int[] {at, at + value.length()});
            }
        }
        return Optional.empty();
    }

    private static List<String> secretValues(LintDocument document) {
        Map<String, Object> secrets = document.parsed().spec().orElseThrow().secrets();
        return leaves(secrets).stream().filter(v -> v.length() >= SecretRedaction.MIN_OCCURRENCE_LENGTH).toList();
    }

    private static List<String> leaves(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.values().stream().flatMap(v -> leaves(v).stream()).toList();
        }
        if (value instanceof List<?> list) {
            return list.stream().flatMap(v -> leaves(v).stream()).toList();
        }
        return value == null ? List.of() : List.of(String.valueOf(value));
    }
}
