package org.gantry.job.protocol;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.protocol.TemplateSyntax.Parsed;

/** Answers one template reference from a job's parameters, secrets and prerequisites and a user's expressions. */
final class TemplateValues {

    /** A value, or the problem code and message saying why there is none. */
    record Outcome(Optional<String> value, String code, String message) {
        static Outcome of(String value) {
            return new Outcome(Optional.of(value), "", "");
        }

        static Outcome problem(String code, String message) {
            return new Outcome(Optional.empty(), code, message);
        }
    }

    private static final List<String> PREREQUISITE_FIELDS =
            List.of("name", "type", "uri", "version", "contributor", "description");

    private final JobSpec spec;
    private final Map<String, String> expressions;

    TemplateValues(JobSpec spec, Map<String, String> expressions) {
        this.spec = spec;
        this.expressions = expressions;
    }

    Outcome resolve(String content, Optional<String> role) {
        Parsed parsed = TemplateSyntax.parse(content);
        String written = "`<% " + Names.shorten(content) + " %>`";
        return switch (parsed.kind()) {
            case PARAMETER -> Optional.ofNullable(spec.parameters().get(parsed.key())).map(Outcome::of)
                    .orElseGet(() -> Outcome.problem("unknown-parameter", "unknown parameter `"
                            + Names.shorten(parsed.key()) + "` in " + written
                            + known(parsed.key(), spec.parameters().keySet(), "parameters")));
            case SECRET -> spec.secret(parsed.key()).map(Outcome::of).orElseGet(() -> unknownSecret(parsed, written));
            case EXPRESSION -> Optional.ofNullable(expressions.get(parsed.key())).map(Outcome::of)
                    .orElseGet(() -> Outcome.problem("unknown-expression", "unknown expression `" + parsed.key()
                            + "` in " + written + ": you have no stored expression with this key"
                            + Spelling.closest(parsed.key(), expressions.keySet())
                            .map(m -> "; did you mean `" + m + "`?").orElse("")));
            case DATA, SCRIPT, OUTPUT -> prerequisite(parsed, written, role);
            case INVALID -> Outcome.problem("bad-template", written + " is not a template; use $parameters.<key>, "
                    + "$secrets.<key>, expression.<key>, or a field of $data, $script or $output");
        };
    }

    private Outcome unknownSecret(Parsed parsed, String written) {
        if (NestedKeys.namesSection(spec.secrets(), parsed.key())) {
            return Outcome.problem("unknown-secret", written + " names a group of secrets; name one of its keys");
        }
        return Outcome.problem("unknown-secret", "unknown secret `" + Names.shorten(parsed.key()) + "` in " + written
                + known(parsed.key(), spec.secrets().keySet(), "secrets"));
    }

    private Outcome prerequisite(Parsed parsed, String written, Optional<String> roleName) {
        String variable = "$" + parsed.kind().name().toLowerCase(Locale.ROOT);
        if (roleName.isEmpty()) {
            return Outcome.problem("unknown-prerequisite", written + ": `" + variable + "` only exists in a task role's"
                    + " commands and deps, and in a deployment's commands for a task role");
        }
        TaskRole role = spec.taskRoles().get(roleName.get());
        if (role == null) {
            return Outcome.problem("unknown-prerequisite", written + ": there is no task role `" + roleName.get()
                    + "`");
        }
        Prerequisite.Type type = Prerequisite.Type.valueOf(parsed.kind().name());
        Optional<String> name = switch (type) {
            case DATA -> role.data();
            case SCRIPT -> role.script();
            default -> role.output();
        };
        Optional<Prerequisite> prerequisite = name.flatMap(n -> spec.prerequisite(type, n));
        if (prerequisite.isEmpty()) {
            return Outcome.problem("unknown-prerequisite", written + ": task role `" + role.name() + "` has no `"
                    + type.yamlName() + "` field, so `" + variable + "` is not defined there");
        }
        if (!PREREQUISITE_FIELDS.contains(parsed.field())) {
            return Outcome.problem("unknown-prerequisite", written + ": a prerequisite has "
                    + String.join(", ", PREREQUISITE_FIELDS) + "; `" + parsed.field() + "` is none of them");
        }
        if (parsed.index().isPresent()) {
            List<String> uris = prerequisite.get().uri();
            int index = parsed.index().get();
            if (!parsed.field().equals("uri") || index >= uris.size()) {
                return Outcome.problem("unknown-prerequisite", written + ": `" + prerequisite.get().name() + "` has "
                        + uris.size() + " uri(s); only `uri` takes an index, from 0");
            }
            return Outcome.of(uris.get(index));
        }
        return prerequisite.get().field(parsed.field()).map(Outcome::of).orElseGet(() -> Outcome.problem(
                "unknown-prerequisite", written + ": `" + prerequisite.get().name() + "` has no " + parsed.field()));
    }

    private static String known(String key, Collection<String> keys, String what) {
        Optional<String> meant = Spelling.closest(key, keys);
        if (meant.isPresent()) {
            return "; did you mean `" + meant.get() + "`?";
        }
        return keys.isEmpty() ? "; the job has no " + what : "; the job's " + what + " are " + String.join(", ", keys);
    }
}
