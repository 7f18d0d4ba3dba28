package org.gantry.job.lint;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.Problem;
import org.gantry.job.protocol.TemplateReference;
import org.gantry.job.protocol.Templating;
import org.yaml.snakeyaml.nodes.Node;

/**
 * {@code <% %>} references that submission would reject: unknown {@code $parameters},
 * {@code $secrets}, {@code expression} keys and prerequisite fields.
 *
 * <p>When the document is otherwise valid, this is exactly what submission reports
 * ({@link Templating#resolve}), with the author's expression keys standing in for their
 * values. While it still has schema errors there is no spec, so parameters, secrets and
 * expressions are checked against what the document's tree holds.
 */
final class TemplateRule implements LintRule {

    private static final Set<String> CODES = Set.of("unknown-parameter", "unknown-secret", "unknown-expression",
            "unknown-prerequisite", "bad-template");

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        if (!document.text().contains("<%")) {
            return;
        }
        Optional<JobSpec> spec = document.parsed().spec();
        if (spec.isPresent()) {
            Map<String, String> expressions = new LinkedHashMap<>();
            context.expressionKeys().orElse(Set.of()).forEach(key -> expressions.put(key, ""));
            for (Problem problem : Templating.resolve(document.text(), spec.get(), expressions).problems()) {
                boolean unknownExpressions = context.expressionKeys().isEmpty()
                        && problem.code().equals("unknown-expression");
                if (CODES.contains(problem.code()) && !unknownExpressions) {
                    findings.add(SchemaRule.toFinding(problem));
                }
            }
            return;
        }
        document.root().ifPresent(root -> fromTree(root, document, context, findings));
    }

    private static void fromTree(Node root, LintDocument document, LintContext context, Findings findings) {
        List<TemplateReference> references = Templating.references(document.text());
        Optional<Node> parameters = Tree.get(root, "parameters");
        Optional<Node> secrets = Tree.get(root, "secrets");
        for (TemplateReference reference : references) {
            String key = reference.key();
            String problem = switch (reference.kind()) {
                case PARAMETER -> parameters.flatMap(p -> Tree.tuple(p, key)).isPresent() ? ""
                        : "unknown parameter `" + key + "`";
                case SECRET -> secrets.filter(s -> hasDotted(s, key)).isPresent() ? "" : "unknown secret `" + key + "`";
                case EXPRESSION -> context.expressionKeys().map(keys -> keys.contains(key) ? ""
                        : "unknown expression `" + key + "`: you have no stored expression with this key").orElse("");
                default -> "";
            };
            if (!problem.isEmpty()) {
                String code = "unknown-" + reference.kind().name().toLowerCase(Locale.ROOT);
                findings.add(new Finding(reference.line(), reference.column(), reference.endLine(),
                        reference.endColumn(), Severity.ERROR, code, problem, Optional.empty()));
            }
        }
    }

    /** A secret key, whole or as a path of nested keys. */
    private static boolean hasDotted(Node secrets, String key) {
        if (Tree.tuple(secrets, key).isPresent()) {
            return true;
        }
        int dot = key.indexOf('.');
        return dot > 0 && Tree.get(secrets, key.substring(0, dot))
                .filter(section -> hasDotted(section, key.substring(dot + 1))).isPresent();
    }
}
