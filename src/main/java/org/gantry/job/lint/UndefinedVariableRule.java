package org.gantry.job.lint;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.ShellWords.Command;
import org.gantry.job.lint.ShellWords.Word;

/**
 * A variable used before anything sets it: not in {@code deps.env} (the job's or the task
 * role's), not assigned, exported, read or looped over earlier in the task's commands (in run
 * order: deps.bash, callBefore, preCommands, commands …), and not one the platform or shell
 * sets ({@code PAI_*}, {@code GANTRY_*}, {@code HOME} …).
 *
 * <p>Tests like {@code [ -z "$X" ]} and guarded expansions ({@code ${X:-default}}) expect an
 * unset variable and are not reported. After {@code source}, {@code .}, {@code eval} or
 * {@code module load} anything may be set, so the rest of that task's commands are not
 * checked. Each variable is reported once per task role, where it is first used.
 */
final class UndefinedVariableRule implements LintRule {

    static final String CODE = "undefined-variable";

    private static final Set<String> OPAQUE = Set.of("source", ".", "eval", "module", "ml");
    private static final Set<String> TESTS = Set.of("[", "[[", "test");
    private static final Set<String> DECLARATIONS = Set.of("export", "declare", "typeset", "local", "readonly");
    private static final Set<String> READ_OPTIONS_WITH_VALUE = Set.of("-p", "-d", "-n", "-N", "-t", "-u", "-i");

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        for (LintDocument.RoleScript role : document.roles()) {
            Set<String> defined = new HashSet<>(role.envNames());
            Set<String> reported = new HashSet<>();
            scan:
            for (CommandBlock block : role.blocks()) {
                for (Command command : block.commands()) {
                    if (!TESTS.contains(command.literalName())) {
                        checkUses(block, command, defined, reported, role.envNames(), findings);
                    }
                    define(command, defined);
                    if (OPAQUE.contains(command.literalName())) {
                        break scan;
                    }
                }
            }
        }
    }

    private static void checkUses(CommandBlock block, Command command, Set<String> defined, Set<String> reported,
                                  Set<String> env, Findings findings) {
        for (List<Word> words : List.of(command.assignments(), command.words(), command.redirects())) {
            for (Word word : words) {
                for (ShellVariables.Use use : ShellVariables.uses(word.raw(), word.start())) {
                    String name = use.name();
                    if (use.guarded() || defined.contains(name) || ShellVariables.isWellKnown(name)
                            || !reported.add(name)) {
                        continue;
                    }
                    findings.inScript(block, use.start(), use.end(), Severity.WARNING, CODE, "`$" + name + "` is never"
                            + " set: it is not in deps.env" + (env.isEmpty() ? "" : " (" + String.join(", ", env) + ")")
                            + ", not assigned, exported or read earlier in the task's commands, and not a platform"
                            + " variable (PAI_*, GANTRY_*)", Optional.empty());
                }
            }
        }
    }

    private static void define(Command command, Set<String> defined) {
        for (Word assignment : command.assignments()) {
            defined.add(nameOf(assignment.raw()));
        }
        String name = command.literalName();
        List<Word> args = command.args();
        if (DECLARATIONS.contains(name)) {
            args.stream().filter(a -> !a.raw().startsWith("-")).forEach(a -> defined.add(nameOf(a.raw())));
        } else if (name.equals("read")) {
            for (int i = 0; i < args.size(); i++) {
                String raw = args.get(i).raw();
                if (READ_OPTIONS_WITH_VALUE.contains(raw)) {
                    i++;
                } else if (!raw.startsWith("-") || raw.equals("-a") && i + 1 < args.size()) {
                    defined.add(raw.equals("-a") ? args.get(++i).raw() : raw);
                }
            }
        } else if ((name.equals("for") || name.equals("select")) && !args.isEmpty()) {
            defined.add(args.get(0).raw());
        } else if ((name.equals("mapfile") || name.equals("readarray")) && !args.isEmpty()) {
            defined.add(args.get(args.size() - 1).raw());
        } else if (name.equals("getopts") && args.size() >= 2) {
            defined.add(args.get(1).raw());
        } else if (name.equals("printf") && args.size() >= 2 && args.get(0).raw().equals("-v")) {
            defined.add(args.get(1).raw());
        }
    }

    private static String nameOf(String assignment) {
        int end = 0;
        while (end < assignment.length() && (Character.isLetterOrDigit(assignment.charAt(end))
                || assignment.charAt(end) == '_')) {
            end++;
        }
        return assignment.substring(0, end);
    }
}
