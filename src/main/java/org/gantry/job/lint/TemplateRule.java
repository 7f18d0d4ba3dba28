package org.gantry.job.lint;

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
 * <p>References are found by the protocol's own {@link Templating#references}; parameters,
 * secrets and expressions are looked up here, against the spec when the document is valid
 * and against its tree while it still has schema errors. References to prerequisites
 * ({@code $data}, {@code $script}, {@code $output}) and malformed ones depend on the task
 * role they are in: for those, submission's own {@link Templating#resolve} is asked, which
 * costs another reading of the document and so runs only when there are any.
 */
final class TemplateRule implements LintRule {

    private static final Set<String> RESOLVE_CODES = Set.of("unknown-prerequisite", "bad-template");

    @Override
    public void check(LintDocument document, LintContext context, Findings findings) {
        if (!document.text().contains("<%") || document.root().isEmpty()) {
            return;
        }
        Node root = document.root().get();
        Optional<JobSpec> spec = document.parsed().spec();
        boolean needsResolve = false;
        for (TemplateReference reference : Templating.references(document.text())) {
            String key = reference.key();
            String problem = switch (reference.kind()) {
                case PARAMETER -> hasParameter(spec, root, key) ? "" : "unknown parameter `" + key + "` in `<% "
                        + reference.expression() + " %>`" + known(spec.map(s -> s.parameters().keySet()), "parameters");
                case SECRET -> hasSecret(spec, root, key) ? "" : "unknown secret `" + key + "` in `<% "
                        + reference.expression() + " %>`" + known(spec.map(s -> s.secrets().keySet()), "secrets");
                case EXPRESSION -> context.expressionKeys().map(keys -> keys.contains(key) ? ""
                        : "unknown expression `" + key + "`: you have no stored expression with this key").orElse("");
                default -> {
                    needsResolve = true;
                    yield "";
                }
            };
            if (!problem.isEmpty()) {
                String code = "unknown-" + reference.kind().name().toLowerCase(Locale.ROOT);
                findings.add(new Finding(reference.line(), reference.column(), reference.endLine(),
                        reference.endColumn(), Severity.ERROR, code, problem, Optional.empty()));
            }
        }
        if (needsResolve && spec.isPresent()) {
            for (Problem problem : Templating.resolve(document.text(), spec.get(), Map.of()).problems()) {
                if (RESOLVE_CODES.contains(problem.code())) {
                    findings.add(SchemaRule.toFinding(problem));
                }
            }
        }
    }

    private static boolean hasParameter(Optional<JobSpec> spec, Node root, String key) {
        return spec.map(s -> s.parameters().containsKey(key))
                .orElseGet(() -> Tree.get(root, "parameters").flatMap(p -> Tree.tuple(p, key)).isPresent());
    }

    private static boolean hasSecret(Optional<JobSpec> spec, Node root, String key) {
        return spec.map(s -> s.secret(key).isPresent())
                .orElseGet(() -> Tree.get(root, "secrets").filter(s -> hasDotted(s, key)).isPresent());
    }

    private static String known(Optional<Set<String>> keys, String what) {
        return keys.map(k -> k.isEmpty() ? "; the job has no " + what : "; the job's " + what + " are "
                + String.join(", ", k)).orElse("");
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
