package org.gantry.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Map;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ParseResult;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.TemplateResult;
import org.gantry.job.protocol.Templating;
import org.springframework.stereotype.Component;

/**
 * A stored job as it runs: its resolved text keeps {@code <% $secrets.key %>} references
 * (decision 0003); here the sealed secrets are opened and put in, in memory only.
 */
@Component
class RunnableSpecs {

    private final ProtocolParser parser = new ProtocolParser();
    private final SecretCipher cipher;
    private final ObjectMapper json;

    RunnableSpecs(SecretCipher cipher, ObjectMapper json) {
        this.cipher = cipher;
        this.json = json;
    }

    JobSpec of(Job job) {
        JobSpec stored = parse(job.getResolvedText(), job);
        if (job.getSecretsCiphertext().isEmpty()) {
            return stored;
        }
        Map<String, Object> secrets = secrets(job);
        JobSpec withSecrets = new JobSpec(stored.protocolVersion(), stored.name(), stored.type(), stored.version(),
                stored.description(), stored.contributor(), stored.jobRetryCount(), stored.prerequisites(),
                stored.parameters(), secrets, stored.taskRoles(), stored.defaults(), stored.deployments(),
                stored.extras(), stored.deps());
        TemplateResult resolved = Templating.resolve(job.getResolvedText(), withSecrets, Map.of());
        if (resolved.hasErrors()) {
            throw new IllegalStateException("Job " + job.getFrameworkName() + " no longer resolves: "
                    + resolved.problems());
        }
        return parse(resolved.resolvedText(), job);
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> secrets(Job job) {
        try {
            Map<String, Object> payload = json.readValue(cipher.open(job.getSecretsCiphertext().get(),
                    job.getFrameworkName()), Map.class);
            Object secrets = payload.get("secrets");
            return secrets instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("The secrets of job " + job.getFrameworkName() + " do not read", e);
        }
    }

    private JobSpec parse(String text, Job job) {
        ParseResult parsed = parser.parse(text);
        return parsed.spec().orElseThrow(() -> new IllegalStateException("Job " + job.getFrameworkName()
                + " no longer parses: " + parsed.problems()));
    }
}
