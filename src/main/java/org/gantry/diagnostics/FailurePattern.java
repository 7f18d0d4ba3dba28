package org.gantry.diagnostics;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One entry of the failure catalogue: the conditions that recognise a failure and what Gantry
 * tells the user about it. A pattern matches when every condition it sets holds; it must set
 * at least one.
 *
 * @param code      unique number, OpenPAI's exit spec {@code code}
 * @param phrase    unique CamelCase name, OpenPAI's {@code phrase}
 * @param failure   false for ends that are no failure (stopped by the user)
 * @param reason    what it means, one sentence; {@code {1}}, {@code {2}} are the regex's groups
 * @param solution  what to do; placeholders as in {@code reason}
 * @param exitCodes the task's exit code is one of these (none: any)
 * @param signal    the task's exit code is 128 + this signal
 * @param step      the dependency step that failed ({@code pip}, {@code conda}, {@code module}, …)
 * @param keywords  literal parts, compared ignoring ASCII case, of every line the regex can match;
 *                  a line without one is not given to the regex
 * @param regex     a Java regular expression that must find a line of the logs' tails
 * @param fix       a job change that fixes it, as {@code deps.pip <package>}
 * @param priority  lower is checked first; the first pattern that matches wins
 */
public record FailurePattern(int code, String phrase, Category category, Behavior behavior, boolean failure,
                             String reason, String solution, Optional<String> link, Set<Integer> exitCodes,
                             OptionalInt signal, Optional<String> step, List<String> keywords,
                             Optional<String> regex, Optional<String> fix, int priority, boolean enabled) {

    public static final int MAX_TEXT = 1000;
    public static final int MAX_REGEX = 2000;

    public FailurePattern {
        exitCodes = Set.copyOf(exitCodes);
        keywords = List.copyOf(keywords);
    }

    /** What is wrong with this pattern, one sentence each; empty when it can be used. */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (phrase == null || !phrase.matches("[A-Za-z][A-Za-z0-9]{0,63}")) {
            problems.add("The phrase must be a CamelCase word of letters and digits (at most 64).");
        }
        if (reason == null || reason.isBlank() || reason.length() > MAX_TEXT) {
            problems.add("The reason must be one sentence of at most " + MAX_TEXT + " characters.");
        }
        if (solution == null || solution.isBlank() || solution.length() > MAX_TEXT) {
            problems.add("The solution must be given, in at most " + MAX_TEXT + " characters.");
        }
        if (exitCodes.isEmpty() && signal.isEmpty() && step.isEmpty() && regex.isEmpty()) {
            problems.add("Set at least one condition: exit codes, signal, step or regex.");
        }
        signal.ifPresent(s -> {
            if (s < 1 || s > 64) {
                problems.add("The signal must be a number from 1 to 64 (9 is SIGKILL).");
            }
        });
        regex.ifPresent(r -> {
            if (r.length() > MAX_REGEX) {
                problems.add("The regex must be at most " + MAX_REGEX + " characters.");
            }
            try {
                Pattern.compile(r);
            } catch (PatternSyntaxException e) {
                problems.add("The regex does not compile: " + e.getDescription() + " at index " + e.getIndex() + ".");
            }
        });
        if (keywords.stream().anyMatch(String::isBlank)) {
            problems.add("A keyword must not be blank.");
        }
        if (!keywords.isEmpty() && regex.isEmpty()) {
            problems.add("Keywords only narrow a regex: set the regex too.");
        }
        return problems;
    }
}
