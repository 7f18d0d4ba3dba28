package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.protocol.Jobs.spec;

import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SecretRedactionTest {

    private static final String TOKEN = "ghp_7Hq2LmZ9xT4vN8";
    private static final String DB_PASSWORD = "p@ss \"with\" quotes\\and #hash";
    private static final String KEY_LINE = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC";

    private static final String JOB = """
            protocolVersion: 2
            name: secretive
            type: job
            # the token is {TOKEN}, do not share
            secrets:
              token: {TOKEN}
              db:
                password: "{DB}"
              key: |
                -----BEGIN PRIVATE KEY-----
                {KEY}
                -----END PRIVATE KEY-----
            taskRoles:
              train:
                commands:
                  - git clone https://<% $secrets.token %>@example.org/repo.git
                  - "curl -H 'Authorization: {TOKEN}' https://api.example.org"
                  - psql "password=<% $secrets.db.password %>" -c 'select 1'
                deps:
                  env:
                    KEY: <% $secrets.key %>
            """.replace("{TOKEN}", TOKEN).replace("{KEY}", KEY_LINE)
            .replace("{DB}", DB_PASSWORD.replace("\\", "\\\\").replace("\"", "\\\""));

    @Test
    void others_see_no_trace_of_any_secret_value() {
        JobSpec spec = spec(JOB);
        String resolved = Templating.resolve(JOB, spec, Map.of()).resolvedText();
        assertThat(resolved).contains(TOKEN, KEY_LINE);

        for (String text : List.of(JOB, resolved)) {
            String redacted = SecretRedaction.forOthers(text, spec);

            assertThat(redacted).doesNotContain(TOKEN, DB_PASSWORD, KEY_LINE, "ghp_", "with\\\" quotes");
            JobSpec reread = spec(redacted);
            assertThat(reread.secrets()).isEqualTo(Map.of("token", "", "db", Map.of("password", ""), "key", ""));
            assertThat(reread.taskRoles().get("train").commands()).containsExactly(
                    "git clone https://<% $secrets.token %>@example.org/repo.git",
                    "curl -H 'Authorization: <% $secrets.token %>' https://api.example.org",
                    "psql \"password=<% $secrets.db.password %>\" -c 'select 1'");
            assertThat(reread.taskRoles().get("train").deps().env()).containsEntry("KEY", "<% $secrets.key %>");
        }
    }

    @Test
    void admins_see_secrets_masked() {
        JobSpec spec = spec(JOB);

        String redacted = SecretRedaction.forAdmins(Templating.resolve(JOB, spec, Map.of()).resolvedText(), spec);

        assertThat(redacted).doesNotContain(TOKEN, DB_PASSWORD, KEY_LINE).contains("# the token is ******, do not");
        JobSpec reread = spec(redacted);
        assertThat(reread.secret("db.password")).contains(SecretRedaction.MASK);
        assertThat(reread.taskRoles().get("train").commands().get(0))
                .isEqualTo("git clone https://******@example.org/repo.git");
    }

    @Test
    void the_openpai_example_with_secrets_is_redacted_for_others() {
        String yaml = OpenPaiExamplesTest.resource("/protocol/openpai/protocol-spec-example.yaml");
        JobSpec spec = spec(yaml);
        String resolved = Templating.resolve(yaml, spec, Map.of()).resolvedText();

        String redacted = SecretRedaction.forOthers(resolved, spec);

        assertThat(redacted).doesNotContain("cGFzc3dvcmQ=").contains("      password: \"\"\n");
        assertThat(Jobs.parse(redacted).problems()).isEmpty();
        assertThat(spec(redacted).secrets()).containsEntry("github_token", "");
    }

    @Test
    void short_secrets_are_emptied_in_the_secrets_section_only() {
        String yaml = Jobs.MINIMAL + "secrets: {pin: 42, ok: abcd}\n";

        JobSpec redacted = spec(SecretRedaction.forOthers(yaml, spec(yaml)));

        assertThat(redacted.secrets()).isEqualTo(Map.of("pin", "", "ok", ""));
        assertThat(redacted.taskRoles().get("train").commands()).containsExactly("python train.py");
    }

    @Test
    void log_text_is_masked() {
        assertThat(SecretRedaction.maskText("cloning with " + TOKEN + "\n", Map.of("token", TOKEN)))
                .isEqualTo("cloning with ******\n");
    }

    @Test
    void random_secrets_written_anywhere_leave_no_trace() {
        Random random = new Random(7);
        String alphabet = "abcXYZ0189 _-:#'\"\\/@%*&!|>[]{},.?~\t";
        for (int round = 0; round < 200; round++) {
            StringBuilder value = new StringBuilder();
            int length = 4 + random.nextInt(20);
            for (int i = 0; i < length; i++) {
                value.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String secret = value.toString();
            String quoted = YamlQuoting.doubleQuoted(secret);
            String yaml = Jobs.MINIMAL.replace("      - python train.py", """
                          - python train.py
                          - <% $secrets.s %>
                          - echo <% $secrets.s %> done
                          - {QUOTED}
                    """.replace("{QUOTED}", quoted).stripTrailing()) + "# " + secret.replace("\n", " ") + "\nsecrets:\n  s: "
                    + quoted + "\n";
            JobSpec spec = spec(yaml);
            String resolved = Templating.resolve(yaml, spec, Map.of()).resolvedText();

            for (String redacted : List.of(SecretRedaction.forOthers(resolved, spec),
                    SecretRedaction.forAdmins(resolved, spec))) {
                assertThat(redacted).as("round %d, secret [%s]", round, secret).doesNotContain(secret);
                assertThat(Jobs.parse(redacted).errors()).as("round %d", round).isEmpty();
                assertThat(spec(redacted).taskRoles().get("train").commands())
                        .noneMatch(command -> command.contains(secret));
            }
        }
    }
}
