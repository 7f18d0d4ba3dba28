package org.gantry.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.security.CurrentUser;
import org.springframework.stereotype.Component;

/**
 * A job's document as the caller may see it: its owner gets it as submitted, secrets
 * included; an administrator gets the secret values masked; anyone else gets the copy
 * stored without them. Secrets are only ever opened in memory for the owner or to mask them.
 */
@Component
class JobConfigs {

    private final ProtocolParser parser = new ProtocolParser();
    private final SecretCipher cipher;
    private final JobDocuments documents;
    private final CurrentUser currentUser;
    private final ObjectMapper json;

    JobConfigs(SecretCipher cipher, JobDocuments documents, CurrentUser currentUser, ObjectMapper json) {
        this.cipher = cipher;
        this.documents = documents;
        this.currentUser = currentUser;
        this.json = json;
    }

    String configFor(Job job) {
        if (job.getSecretsCiphertext().isEmpty()) {
            return job.getSubmittedText();
        }
        boolean owner = currentUser.username().map(job.getOwnerName()::equals).orElse(false);
        if (owner) {
            return submittedText(job);
        }
        if (currentUser.isAdmin()) {
            String original = submittedText(job);
            return parser.parse(original).spec()
                    .map(spec -> documents.withMaskedSecrets(original, spec))
                    .orElse(job.getSubmittedText());
        }
        return job.getSubmittedText();
    }

    private String submittedText(Job job) {
        String payload = cipher.open(job.getSecretsCiphertext().orElseThrow(), job.getFrameworkName());
        try {
            return json.readTree(payload).get("text").asText();
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("The sealed document of job " + job.getFrameworkName() + " is damaged", e);
        }
    }
}
