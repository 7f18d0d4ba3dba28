package org.gantry.job.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.job.lint.Finding;
import org.gantry.job.lint.Fix;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * The edits the problems panel offers for a finding, each as the whole YAML text after it:
 * the linter's own fix, and for a variable nothing sets, adding it to the task role's
 * {@code deps.env} or defining it as a job parameter. Only the text the edit needs changes.
 */
final class QuickFixes {

    /** One offered edit: what it is called and the document after it. */
    record QuickFix(String title, String text) {
    }

    static final String UNDEFINED_VARIABLE = "undefined-variable";

    private static final Pattern VARIABLE = Pattern.compile("^\\$\\{?([A-Za-z_][A-Za-z0-9_]*)");

    private QuickFixes() {
    }

    static List<QuickFix> of(String yaml, Finding finding) {
        List<QuickFix> fixes = new ArrayList<>();
        finding.fix().ifPresent(fix -> fixes.add(new QuickFix(fix.title(), apply(yaml, fix))));
        if (finding.code().equals(UNDEFINED_VARIABLE)) {
            variable(yaml, finding).ifPresent(name -> {
                String role = roleAt(yaml, offset(yaml, finding.line(), finding.column())).orElse("");
                String withEnv = addToEnv(yaml, role, name);
                if (!withEnv.equals(yaml)) {
                    fixes.add(new QuickFix("Add " + name + " to deps.env", withEnv));
                }
                String withParameter = defineParameter(yaml, role, name);
                if (!withParameter.equals(yaml)) {
                    fixes.add(new QuickFix("Define " + name + " as a parameter", withParameter));
                }
            });
        }
        return fixes;
    }

    /** The text with a linter's fix applied. */
    static String apply(String yaml, Fix fix) {
        int from = offset(yaml, fix.line(), fix.column());
        int to = Math.max(from, offset(yaml, fix.endLine(), fix.endColumn()));
        return YamlEdits.replace(yaml, from, to, fix.replacement());
    }

    /**
     * {@code name: ""} added to the role's {@code deps.env} (the job's when {@code role} is ""),
     * making {@code deps} and {@code env} when missing.
     */
    static String addToEnv(String yaml, String role, String name) {
        List<String> path = new ArrayList<>(role.isEmpty() ? List.of() : List.of("taskRoles", role));
        path.addAll(List.of("deps", "env", name));
        return YamlText.read(yaml).filter(doc -> YamlText.get(doc.root(), path.toArray(String[]::new)).isEmpty())
                .map(doc -> JobYamlFields.setValue(doc, path, "\"\"")).orElse(yaml);
    }

    /**
     * {@code name: ""} added to the job's {@code parameters}, and the role's uses of
     * {@code $name} turned into the template {@code <% $parameters.name %>}.
     */
    static String defineParameter(String yaml, String role, String name) {
        Optional<YamlText> read = YamlText.read(yaml);
        if (read.isEmpty()) {
            return yaml;
        }
        String text = yaml;
        Optional<Node> scope = role.isEmpty() ? Optional.of(read.get().root())
                : YamlText.get(read.get().root(), "taskRoles", role);
        if (scope.isPresent()) {
            int from = read.get().start(scope.get());
            int to = read.get().end(scope.get());
            String uses = text.substring(from, to).replaceAll("\\$\\{" + name + "\\}|\\$" + name + "(?![A-Za-z0-9_])",
                    Matcher.quoteReplacement("<% $parameters." + name + " %>"));
            text = YamlEdits.replace(text, from, to, uses);
        }
        List<String> path = List.of("parameters", name);
        String withUses = text;
        return YamlText.read(text).filter(doc -> YamlText.get(doc.root(), "parameters", name).isEmpty())
                .map(doc -> JobYamlFields.setValue(doc, path, "\"\"")).orElse(withUses);
    }

    /** The variable a finding points at: its text starts with {@code $NAME} or {@code ${NAME}}. */
    private static Optional<String> variable(String yaml, Finding finding) {
        int from = offset(yaml, finding.line(), finding.column());
        int to = Math.max(from, offset(yaml, finding.endLine(), finding.endColumn()));
        Matcher matcher = VARIABLE.matcher(yaml.substring(from, to));
        return matcher.find() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    /** The task role whose text holds an offset, if any. */
    static Optional<String> roleAt(String yaml, int offset) {
        Optional<YamlText> doc = YamlText.read(yaml);
        if (doc.isEmpty()) {
            return Optional.empty();
        }
        for (NodeTuple role : JobYamlFields.roleTuples(doc.get().root())) {
            Node value = role.getValueNode();
            if (role.getKeyNode() instanceof ScalarNode key && doc.get().start(value) <= offset
                    && offset <= doc.get().end(value)) {
                return Optional.of(key.getValue());
            }
        }
        return Optional.empty();
    }

    /** The string offset of a 1-based line and column, clamped to the text. */
    static int offset(String text, int line, int column) {
        int at = 0;
        for (int l = 1; l < line; l++) {
            int next = text.indexOf('\n', at);
            if (next < 0) {
                return text.length();
            }
            at = next + 1;
        }
        int lineEnd = text.indexOf('\n', at);
        return Math.min(lineEnd < 0 ? text.length() : lineEnd, at + Math.max(0, column - 1));
    }
}
