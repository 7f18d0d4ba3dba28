package org.gantry.job.ui;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Puts a job's or task's diagnostics in the user's terms: the runtime speaks of its completion
 * policy ("reached minFailedInstances 1") and bash of the generated script ("../task.sh: line
 * 151: …"), while the user wrote a job YAML. Text it does not recognise stays as it is.
 */
final class Diagnostics {

    private static final Pattern POLICY = Pattern.compile(
            "task role (\\S+): (\\d+) (failed|succeeded) task\\(s\\) reached min(Failed|Succeeded)Instances (\\d+)");
    /** bash's error prefix for a line of the generated task script, e.g. {@code ../task.sh: line 151: }. */
    private static final Pattern SCRIPT_LINE = Pattern.compile("(?:\\S*/)?task\\.sh: line \\d+: ([^\\n]*)");
    private static final Pattern NOT_FOUND = Pattern.compile("(\\S+): command not found");

    private Diagnostics() {
    }

    /**
     * @param text the diagnostics as recorded
     * @param yaml the job's YAML as submitted, to find the line a failing command came from
     */
    static String explain(String text, String yaml) {
        Matcher policy = POLICY.matcher(text);
        StringBuilder out = new StringBuilder();
        while (policy.find()) {
            policy.appendReplacement(out, Matcher.quoteReplacement(policy(policy)));
        }
        policy.appendTail(out);
        Matcher script = SCRIPT_LINE.matcher(out.toString());
        StringBuilder mapped = new StringBuilder();
        while (script.find()) {
            String rest = script.group(1);
            String where = yamlLine(rest, yaml).map(line -> "job YAML line " + line + ": ").orElse("your commands: ");
            script.appendReplacement(mapped, Matcher.quoteReplacement(where + rest));
        }
        script.appendTail(mapped);
        return mapped.toString();
    }

    private static String policy(Matcher m) {
        String role = m.group(1);
        int count = Integer.parseInt(m.group(2));
        int limit = Integer.parseInt(m.group(5));
        String tasks = count == 1 ? "1 task" : count + " tasks";
        if (m.group(3).equals("failed")) {
            return "task role " + role + ": " + tasks + " failed, and the job fails as soon as " + limit
                    + (limit == 1 ? " does" : " do") + " (minFailedInstances: " + limit + ")";
        }
        return "task role " + role + ": " + tasks + " succeeded, and the job succeeds as soon as " + limit
                + (limit == 1 ? " does" : " do") + " (minSucceededInstances: " + limit + ")";
    }

    /** The 1-based line of the YAML that holds the command bash could not find, when exactly one does. */
    private static Optional<Integer> yamlLine(String message, String yaml) {
        Matcher notFound = NOT_FOUND.matcher(message);
        if (!notFound.find() || yaml.isEmpty()) {
            return Optional.empty();
        }
        Pattern word = Pattern.compile("(^|[\\s;&|('\"`$])" + Pattern.quote(notFound.group(1)) + "($|[\\s;&|)'\"`])");
        List<String> lines = yaml.lines().toList();
        Optional<Integer> found = Optional.empty();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (!line.startsWith("#") && word.matcher(line).find()) {
                if (found.isPresent()) {
                    return Optional.empty();  // more than one candidate: better no line than a wrong one
                }
                found = Optional.of(i + 1);
            }
        }
        return found;
    }
}
