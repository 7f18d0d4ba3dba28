package org.gantry.job;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ParsedDocument;
import org.gantry.job.protocol.SecretRedaction;
import org.gantry.job.protocol.TemplateResult;
import org.gantry.job.protocol.Templating;
import org.springframework.stereotype.Component;

/**
 * The protocol package's templating and secret redaction, as submission and configs use
 * them: one seam, so that the rest of the job feature never handles either directly.
 */
@Component
class JobDocuments {

    /**
     * The document with parameters and the user's expressions resolved, and each secret
     * reference left as {@code <% $secrets.key %>}: the stored resolved text never holds a
     * secret value, whatever its length; the runtime puts the values in when it launches.
     */
    TemplateResult resolveKeepingSecrets(String text, JobSpec spec, Map<String, String> expressions) {
        return resolveKeepingSecrets(new Resolver(text, Optional.empty()), spec, expressions);
    }

    /** As {@link #resolveKeepingSecrets(String, JobSpec, Map)} for a document parsed with its tree kept. */
    TemplateResult resolveKeepingSecrets(ParsedDocument parsed, String text, JobSpec spec,
                                         Map<String, String> expressions) {
        return resolveKeepingSecrets(new Resolver(text, Optional.of(parsed)), spec, expressions);
    }

    /** Templates the text, from the parser's tree when there is one. */
    private record Resolver(String text, Optional<ParsedDocument> parsed) {
        TemplateResult resolve(JobSpec spec, Map<String, String> expressions) {
            return parsed.map(p -> Templating.resolve(p, spec, expressions))
                    .orElseGet(() -> Templating.resolve(text, spec, expressions));
        }
    }

    private TemplateResult resolveKeepingSecrets(Resolver resolver, JobSpec spec, Map<String, String> expressions) {
        if (spec.secrets().isEmpty()) {
            return resolver.resolve(spec, expressions);
        }
        JobSpec references = new JobSpec(spec.protocolVersion(), spec.name(), spec.type(), spec.version(),
                spec.description(), spec.contributor(), spec.jobRetryCount(), spec.prerequisites(), spec.parameters(),
                references(spec.secrets(), ""), spec.taskRoles(), spec.defaults(), spec.deployments(), spec.extras(),
                spec.deps());
        TemplateResult resolved = resolver.resolve(references, expressions);
        return new TemplateResult(withoutSecrets(resolved.resolvedText(), spec), resolved.problems());
    }

    /** Secret values emptied in {@code secrets} and turned back into references elsewhere. */
    String withoutSecrets(String text, JobSpec spec) {
        return SecretRedaction.forOthers(text, spec);
    }

    String withMaskedSecrets(String text, JobSpec spec) {
        return SecretRedaction.forAdmins(text, spec);
    }

    /** The secrets' shape with each value replaced by the template that names it. */
    private static Map<String, Object> references(Map<String, Object> secrets, String prefix) {
        Map<String, Object> references = new LinkedHashMap<>();
        secrets.forEach((key, value) -> {
            @SuppressWarnings("unchecked")
            Object reference = value instanceof Map<?, ?> inner
                    ? references((Map<String, Object>) inner, prefix + key + ".")
                    : "<% $secrets." + prefix + key + " %>";
            references.put(key, reference);
        });
        return references;
    }
}
