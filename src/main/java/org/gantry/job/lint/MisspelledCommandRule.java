package org.gantry.job.lint;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;
import org.gantry.job.lint.ShellWords.Word;

/**
 * A command or subcommand that is one slip away from a common one ({@code pyhton},
 * {@code pip3 isntall}, {@code nvidia-smu}): a warning, since the image might really have
 * such a program, with the intended word as a quick fix. Functions and aliases the job
 * defines are never slips.
 */
final class MisspelledCommandRule implements LintRule {

    static final String CODE = "misspelled-command";

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        Set<String> defined = definedNames(document.blocks());
        for (CommandBlock block : document.blocks()) {
            for (Command command : block.commands()) {
                command.name().ifPresent(name -> checkName(block, command, name, defined, findings));
            }
        }
    }

    private static void checkName(CommandBlock block, Command command, Word name, Set<String> defined,
                                  Findings findings) {
        Optional<String> literal = name.literal().filter(MisspelledCommandRule::looksLikeAName);
        if (literal.isEmpty() || defined.contains(literal.get())) {
            return;
        }
        String word = literal.get();
        if (!CommandDictionary.isKnown(word)) {
            CommandDictionary.suggest(word, CommandDictionary.commands()).ifPresent(meant ->
                    report(block, name, "`" + word + "` is not a command this job defines or a common one;"
                            + " did you mean `" + meant + "`?", meant, findings));
            return;
        }
        subcommand(word, command.args()).ifPresent(sub -> CommandDictionary.subcommandsOf(sub.command()).ifPresent(
                known -> sub.word().literal().filter(s -> !known.contains(s) && looksLikeAName(s))
                        .flatMap(s -> CommandDictionary.suggest(s, known)).ifPresent(meant ->
                                report(block, sub.word(), "`" + sub.command() + " " + sub.word().raw() + "`: `"
                                        + sub.word().raw() + "` is not a " + sub.command() + " subcommand; did you mean `"
                                        + meant + "`?", meant, findings))));
    }

    private record Subcommand(String command, Word word) {
    }

    /** The word naming the subcommand: the first non-option argument, through {@code python -m pip}. */
    private static Optional<Subcommand> subcommand(String command, List<Word> args) {
        int i = 0;
        String owner = command;
        if (command.startsWith("python") && args.size() >= 2 && args.get(0).raw().equals("-m")) {
            owner = args.get(1).raw();
            i = 2;
        }
        for (; i < args.size(); i++) {
            String raw = args.get(i).raw();
            if (!raw.startsWith("-")) {
                return Optional.of(new Subcommand(owner, args.get(i)));
            }
            if (owner.equals("git") && (raw.equals("-C") || raw.equals("-c"))) {
                i++;
            }
        }
        return Optional.empty();
    }

    private static void report(CommandBlock block, Word word, String message, String meant, Findings findings) {
        findings.inScript(block, word.start(), word.end(), Severity.WARNING, CODE, message,
                findings.replaceInScript(block, word.start(), word.end(), "Replace with " + meant, meant));
    }

    private static boolean looksLikeAName(String word) {
        return !word.isEmpty() && word.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '-' || c == '_'
                || c == '.' || c == '+') && Character.isLetter(word.charAt(0));
    }

    /** Functions and aliases defined anywhere in the job's commands. */
    static Set<String> definedNames(List<CommandBlock> blocks) {
        Set<String> names = new HashSet<>();
        for (CommandBlock block : blocks) {
            for (Command command : block.commands()) {
                command.functionName().ifPresent(names::add);
                String name = command.literalName();
                if (name.equals("function") && !command.args().isEmpty()) {
                    names.add(command.args().get(0).raw().replace("()", ""));
                } else if (name.equals("alias")) {
                    command.args().forEach(a -> a.literal().filter(s -> s.contains("="))
                            .ifPresent(s -> names.add(s.substring(0, s.indexOf('=')))));
                }
            }
        }
        return names;
    }
}
