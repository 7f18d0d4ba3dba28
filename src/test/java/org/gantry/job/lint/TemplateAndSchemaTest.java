package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.lint.LintJobs.apply;
import static org.gantry.job.lint.LintJobs.job;
import static org.gantry.job.lint.LintJobs.lint;
import static org.gantry.job.lint.LintJobs.none;
import static org.gantry.job.lint.LintJobs.only;
import static org.gantry.job.lint.LintJobs.underlined;

import java.util.Map;
import java.util.Set;
import org.gantry.job.lint.Finding.Severity;
import org.junit.jupiter.api.Test;

class TemplateAndSchemaTest {

    private static final String WITH_VALUES = """
            parameters:
              lr: 0.01
            secrets:
              wandb: k3y-for-wandb-123
            """;

    @Test
    void schema_problems_keep_the_parsers_codes_positions_and_fixes() {
        String yaml = job("python train.py").replace("instances: 1", "instnaces: 1");
        Finding f = only(lint(yaml), "unknown-field");
        assertThat(underlined(yaml, f)).isEqualTo("instnaces");
        assertThat(apply(yaml, f.fix().orElseThrow())).contains("instances: 1");
        none(lint(job("python train.py")), "unknown-field");
    }

    @Test
    void unknown_parameters_secrets_and_expressions_are_errors_at_the_reference() {
        String yaml = job("python train.py --lr <% $parameters.lrate %> --key <% $secrets.wandb %> "
                + "--team <% expression.team %> --who <% expression.me %>") + WITH_VALUES;
        var findings = lint(yaml, LintContext.of(Set.of("team"), Map.of()));
        Finding parameter = only(findings, "unknown-parameter");
        assertThat(underlined(yaml, parameter)).isEqualTo("<% $parameters.lrate %>");
        assertThat(parameter.severity()).isEqualTo(Severity.ERROR);
        assertThat(underlined(yaml, only(findings, "unknown-expression"))).isEqualTo("<% expression.me %>");
        none(findings, "unknown-secret");
    }

    @Test
    void references_are_checked_while_the_document_still_has_schema_errors() {
        String yaml = job("python train.py --lr <% $parameters.lrate %>").replace("type: job", "type: jbo")
                + WITH_VALUES;
        var findings = lint(yaml);
        only(findings, "unknown-parameter");
    }

    @Test
    void a_prerequisite_reference_the_task_role_cannot_answer_is_reported_as_submission_would() {
        String yaml = job("tar xzf <% $data.uri %>");
        Finding f = only(lint(yaml), "unknown-prerequisite");
        assertThat(underlined(yaml, f)).isEqualTo("<% $data.uri %>");
        String withData = job("tar xzf <% $data.uri %>", "data: mnist").replace("prerequisites:\n",
                "prerequisites:\n  - {name: mnist, type: data, uri: /data/mnist.tgz}\n");
        none(lint(withData), "unknown-prerequisite");
    }

    @Test
    void expressions_are_not_judged_when_the_authors_keys_are_unknown() {
        none(lint(job("echo <% expression.team %>")), "unknown-expression");
    }

    @Test
    void a_secret_echoed_to_stdout_is_reported_by_reference_and_by_value() {
        String yaml = job("echo <% $secrets.wandb %>\nprintf '%s' k3y-for-wandb-123\necho ok") + WITH_VALUES;
        var findings = lint(yaml).stream().filter(f -> f.code().equals(SecretEchoRule.CODE)).toList();
        assertThat(findings).extracting(f -> underlined(yaml, f))
                .containsExactly("<% $secrets.wandb %>", "k3y-for-wandb-123");
    }

    @Test
    void a_secret_passed_to_a_program_or_written_to_a_file_is_fine() {
        String yaml = job("WANDB_API_KEY=<% $secrets.wandb %> python train.py\n"
                + "echo <% $secrets.wandb %> > ~/.wandb-key") + WITH_VALUES;
        none(lint(yaml), SecretEchoRule.CODE);
    }

    @Test
    void any_text_gives_findings_rather_than_an_exception() {
        for (String text : new String[] {"", "::", "a: [", "taskRoles: {x: {commands: [\"a\\", "\t- x", "- - -"}) {
            assertThat(lint(text)).isNotEmpty().allSatisfy(f -> assertThat(f.line()).isPositive());
        }
    }
}
