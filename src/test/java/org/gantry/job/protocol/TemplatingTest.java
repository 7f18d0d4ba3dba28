package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.gantry.job.protocol.Jobs.spec;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.protocol.TemplateReference.Kind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TemplatingTest {

    private static final String JOB = """
            protocolVersion: 2
            name: templated
            type: job
            description: uses <% $parameters.nothing %> in prose, which stays as written
            prerequisites:
              - {name: image, type: dockerimage, uri: python:3.12}
              - {name: mnist, type: data, uri: [/mnt/data/mnist.tgz, /mnt/data/labels.tgz], version: v3}
              - {name: code, type: script, uri: https://example.org/code.git}
              - {name: models, type: output, uri: /mnt/models}
            parameters:
              lr: 0.01
              epochs: 5
            secrets:
              wandb: k3y-for-wandb
              db:
                password: pw-of-the-db
            taskRoles:
              train:
                dockerImage: image
                data: mnist
                script: code
                output: models
                commands:
                  - git clone <% $script.uri %> src
                  - tar xzf <% $data.uri[0] %> && tar xzf <%$data.uri.1%>
                  - >
                    python src/train.py --lr <% $parameters.lr %>
                    --epochs <%   $parameters.epochs   %> --out <% $output.uri %>/<% $data.name %>-<% $data.version %>
                  - WANDB_KEY=<% $secrets.wandb %> DB=<% $secrets.db.password %> python report.py
                  - echo <% expression.team %>
                deps:
                  env:
                    PROJECT: <% expression.project %>
            deployments:
              - name: local
                taskRoles:
                  train:
                    preCommands: [echo fetching <% $data.name %>]
            defaults:
              deployment: local
            """;

    private static final Map<String, String> EXPRESSIONS = Map.of("team", "vision", "project", "mnist-2026");

    @Test
    void every_kind_of_template_is_resolved_where_templates_apply() {
        TemplateResult result = Templating.resolve(JOB, spec(JOB), EXPRESSIONS);

        assertThat(result.problems()).isEmpty();
        JobSpec resolved = spec(result.resolvedText());
        TaskRole train = resolved.taskRoles().get("train");
        assertThat(train.commands()).containsExactly(
                "git clone https://example.org/code.git src",
                "tar xzf /mnt/data/mnist.tgz && tar xzf /mnt/data/labels.tgz",
                "python src/train.py --lr 0.01 --epochs 5 --out /mnt/models/mnist-v3\n",
                "WANDB_KEY=k3y-for-wandb DB=pw-of-the-db python report.py",
                "echo vision");
        assertThat(train.deps().env()).containsEntry("PROJECT", "mnist-2026");
        assertThat(resolved.activeDeployment().orElseThrow().taskRoles().get("train").preCommands())
                .containsExactly("echo fetching mnist");
        assertThat(resolved.description()).contains("uses <% $parameters.nothing %> in prose, which stays as written");
        assertThat(result.resolvedText()).contains("    data: mnist\n", "  lr: 0.01\n");
    }

    @Test
    void an_unknown_expression_is_an_error_naming_the_key_and_its_place() {
        String yaml = JOB.replace("echo <% expression.team %>", "echo <% expression.x %>");

        TemplateResult result = Templating.resolve(yaml, spec(yaml), EXPRESSIONS);

        assertThat(result.problems()).singleElement().satisfies(problem -> {
            assertThat(problem.code()).isEqualTo("unknown-expression");
            assertThat(problem.message()).startsWith("unknown expression `x` in `<% expression.x %>`");
            assertThat(problem.path()).isEqualTo("taskRoles.train.commands[4]");
            assertThat(problem).extracting(Problem::line, Problem::column, Problem::endLine, Problem::endColumn)
                    .containsExactly(30, 14, 30, 32);
        });
        assertThat(result.hasErrors()).isTrue();
        assertThat(result.resolvedText()).contains("echo <% expression.x %>");
    }

    @Test
    void unknown_keys_of_each_kind_are_reported_together() {
        String yaml = JOB.replace("--lr <% $parameters.lr %>", "--lr <% $parameters.lrr %>")
                .replace("<% $secrets.wandb %>", "<% $secrets.wandbb %>")
                .replace("<% $secrets.db.password %>", "<% $secrets.db %>")
                .replace("PROJECT: <% expression.project %>", "PROJECT: <% expression.projekt %>")
                .replace("echo <% expression.team %>", "echo <% $env.HOME %> <% $data.size %> <% $data.uri[7] %>");

        TemplateResult result = Templating.resolve(yaml, spec(yaml), EXPRESSIONS);

        assertThat(result.problems()).extracting(Problem::code, Problem::line).containsExactly(
                tuple("unknown-parameter", 27), tuple("unknown-secret", 29), tuple("unknown-secret", 29),
                tuple("bad-template", 30), tuple("unknown-prerequisite", 30), tuple("unknown-prerequisite", 30),
                tuple("unknown-expression", 33));
        assertThat(result.problems()).extracting(Problem::message).satisfiesExactly(
                m -> assertThat(m).endsWith("did you mean `lr`?"),
                m -> assertThat(m).endsWith("did you mean `wandb`?"),
                m -> assertThat(m).contains("names a group of secrets"),
                m -> assertThat(m).contains("`<% $env.HOME %>` is not a template"),
                m -> assertThat(m).contains("`size` is none of them"),
                m -> assertThat(m).contains("`mnist` has 2 uri(s)"),
                m -> assertThat(m).endsWith("did you mean `project`?"));
    }

    @Test
    void prerequisites_exist_only_inside_a_task_role_that_names_them() {
        String yaml = JOB.replace("    data: mnist\n", "")
                + "deps:\n  bash: [\"echo <% $script.name %>\"]\n";

        TemplateResult result = Templating.resolve(yaml, spec(yaml), EXPRESSIONS);

        assertThat(result.problems()).extracting(Problem::message).contains(
                "`<% $data.uri[0] %>`: task role `train` has no `data` field, so `$data` is not defined there",
                "`<% $script.name %>`: `$script` only exists in a task role's commands and deps, and in a deployment's"
                        + " commands for a task role");
        assertThat(result.problems()).extracting(Problem::code).containsOnly("unknown-prerequisite");
    }

    @Test
    void an_unclosed_template_is_an_error() {
        String yaml = JOB.replace("echo <% expression.team %>", "echo <% expression.team");

        assertThat(Templating.resolve(yaml, spec(yaml), EXPRESSIONS).problems()).extracting(Problem::code)
                .containsExactly("bad-template");
    }

    @ParameterizedTest
    @ValueSource(strings = {"plain", "a: b # c", "line one\nline two", "'quoted' and \"double\"", "",
            "trailing space ", " leading", "back\\slash", "[flow]", "*alias", "- dash", "true", "~", "tab\there",
            "unicode ✓ 🚀", "#hash", "null", "5"})
    void any_value_reads_back_exactly_in_any_scalar_style(String value) {
        String yaml = """
                protocolVersion: 2
                name: styles
                type: job
                parameters:
                  p: ""
                taskRoles:
                  t:
                    commands:
                      - <% $parameters.p %>
                      - run <% $parameters.p %> now
                      - 'single <% $parameters.p %>'
                      - "double <% $parameters.p %>"
                      - [ignored]
                      - >
                        folded <% $parameters.p %>
                        text
                      - |
                        literal <% $parameters.p %>
                        text
                    deps:
                      callBefore: [flow <% $parameters.p %>, <% $parameters.p %>]
                """.replace("      - [ignored]\n", "");
        JobSpec spec = new JobSpec(2, "styles", "job", Optional.empty(), Optional.empty(), Optional.empty(), 0,
                List.of(), Map.of("p", value), Map.of(), spec(yaml).taskRoles(), JobSpec.Defaults.NONE, List.of(),
                Map.of(), org.gantry.deps.Deps.EMPTY);

        TemplateResult result = Templating.resolve(yaml, spec, Map.of());

        assertThat(result.problems()).isEmpty();
        TaskRole role = spec(result.resolvedText()).taskRoles().get("t");
        assertThat(role.commands()).containsExactly(value, "run " + value + " now", "single " + value,
                "double " + value, "folded " + value + " text\n", "literal " + value + "\ntext\n");
        assertThat(role.deps().callBefore()).containsExactly("flow " + value, value);
    }

    @Test
    void a_command_shared_by_two_roles_through_an_alias_must_mean_the_same_in_both() {
        String yaml = """
                protocolVersion: 2
                name: shared
                type: job
                prerequisites:
                  - {name: a, type: data, uri: [/a]}
                  - {name: b, type: data, uri: [/b]}
                taskRoles:
                  one:
                    data: a
                    commands: &cmds
                      - ls <% $data.uri[0] %>
                  two:
                    data: b
                    commands: *cmds
                """;

        assertThat(Templating.resolve(yaml, spec(yaml), Map.of()).problems()).extracting(Problem::code)
                .containsExactly("bad-template");
        String same = yaml.replace("data: b", "data: a");
        assertThat(Templating.resolve(same, spec(same), Map.of()).problems()).isEmpty();
    }

    @Test
    void references_are_listed_with_their_kind_scope_and_position() {
        List<TemplateReference> references = Templating.references(JOB);

        assertThat(references).extracting(TemplateReference::kind).containsExactly(Kind.SCRIPT, Kind.DATA, Kind.DATA,
                Kind.PARAMETER, Kind.PARAMETER, Kind.OUTPUT, Kind.DATA, Kind.DATA, Kind.SECRET, Kind.SECRET,
                Kind.EXPRESSION, Kind.EXPRESSION, Kind.DATA);
        assertThat(references.get(4)).extracting(TemplateReference::key, TemplateReference::taskRole,
                TemplateReference::line, TemplateReference::column, TemplateReference::endColumn)
                .containsExactly("epochs", Optional.of("train"), 28, 18, 46);
        assertThat(references.get(12).path()).isEqualTo("deployments[0].taskRoles.train.preCommands[0]");
    }

    @Test
    void the_openpai_distributed_example_resolves_within_each_task_role() {
        String yaml = OpenPaiExamplesTest.resource("/protocol/openpai/tensorflow-cifar10.yaml");

        TemplateResult result = Templating.resolve(yaml, spec(yaml), Map.of());

        assertThat(result.problems()).isEmpty();
        JobSpec resolved = spec(result.resolvedText());
        assertThat(resolved.taskRoles().get("psserver").commands().get(0))
                .isEqualTo("cd script_tensorflow_cnnbenchmarks/scripts/tf_cnn_benchmarks");
        assertThat(resolved.activeDeployment().orElseThrow().taskRoles().get("worker").preCommands().get(0))
                .isEqualTo("wget -qO- https://www.cs.toronto.edu/~kriz/cifar-10-python.tar.gz | tar xvz"
                        + " && mv cifar-10-batches-py data_cifar10");
    }
}
