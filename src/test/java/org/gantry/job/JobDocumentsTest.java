package org.gantry.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.TemplateResult;
import org.junit.jupiter.api.Test;

class JobDocumentsTest {

    private static final String DOCUMENT = """
            protocolVersion: 2
            name: secretive
            type: job
            parameters:
              epochs: 3
            secrets:
              pin: q7z
              db:
                password: hunter2-long
            taskRoles:
              main:
                commands:
                  - login <% $secrets.pin %> <% $secrets.db.password %>
                  - train --epochs <% $parameters.epochs %> --out <% expression.out %>
            """;

    private final JobDocuments documents = new JobDocuments();

    @Test
    void the_resolved_text_keeps_secret_references_and_holds_no_secret_value() {
        JobSpec spec = new ProtocolParser().parse(DOCUMENT).spec().orElseThrow();
        TemplateResult resolved = documents.resolveKeepingSecrets(DOCUMENT, spec, Map.of("out", "/data/run"));

        assertThat(resolved.problems()).isEmpty();
        assertThat(resolved.resolvedText())
                .contains("train --epochs 3 --out /data/run")
                .contains("<% $secrets.pin %>")
                .contains("<% $secrets.db.password %>")
                .doesNotContain("q7z")
                .doesNotContain("hunter2-long");
        JobSpec reread = new ProtocolParser().parse(resolved.resolvedText()).spec().orElseThrow();
        assertThat(reread.taskRoles().get("main").commands().get(0))
                .isEqualTo("login <% $secrets.pin %> <% $secrets.db.password %>");
    }

    @Test
    void an_unknown_expression_is_an_error_naming_it() {
        JobSpec spec = new ProtocolParser().parse(DOCUMENT).spec().orElseThrow();
        TemplateResult resolved = documents.resolveKeepingSecrets(DOCUMENT, spec, Map.of());

        assertThat(resolved.hasErrors()).isTrue();
        assertThat(resolved.problems().get(0).message()).contains("out");
        assertThat(resolved.problems().get(0).line()).isEqualTo(14);
    }
}
