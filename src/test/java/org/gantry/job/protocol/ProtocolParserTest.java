package org.gantry.job.protocol;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.gantry.job.protocol.Jobs.only;
import static org.gantry.job.protocol.Jobs.parse;
import static org.gantry.job.protocol.Jobs.spec;

import java.util.Map;
import java.util.Optional;
import org.gantry.job.protocol.Problem.Severity;
import org.gantry.job.protocol.TaskRole.ResourcePerInstance;
import org.junit.jupiter.api.Test;

class ProtocolParserTest {

    @Test
    void a_minimal_job_gets_every_default() {
        JobSpec spec = spec(Jobs.MINIMAL);

        TaskRole train = spec.taskRoles().get("train");
        assertThat(train.instances()).isEqualTo(1);
        assertThat(train.completion()).isEqualTo(TaskRole.Completion.DEFAULT);
        assertThat(train.resourcePerInstance()).isEqualTo(ResourcePerInstance.DEFAULT);
        assertThat(train.taskRetryCount()).isZero();
        assertThat(train.dockerImage()).isEmpty();
        assertThat(spec.jobRetryCount()).isZero();
        assertThat(spec.deps().isEmpty()).isTrue();
        assertThat(spec.defaults()).isEqualTo(JobSpec.Defaults.NONE);
    }

    @Test
    void protocol_version_may_be_a_number_or_a_string() {
        assertThat(parse(Jobs.MINIMAL.replace("protocolVersion: 2", "protocolVersion: \"2\"")).hasErrors()).isFalse();
        Problem problem = only(parse(Jobs.MINIMAL.replace("protocolVersion: 2", "protocolVersion: 3")), "invalid-value");
        assertThat(problem.path()).isEqualTo("protocolVersion");
        assertThat(problem.message()).contains("only protocol version 2");
    }

    @Test
    void a_misspelled_resource_section_is_an_error_naming_the_intended_field() {
        ParseResult result = parse(Jobs.withRole("""
                resourcePerInstanec:
                  gpu: 1
                """));

        Problem problem = only(result, "unknown-field");
        assertThat(problem.severity()).isEqualTo(Severity.ERROR);
        assertThat(problem.message()).startsWith("unknown field `resourcePerInstanec` in taskRoles.train; "
                + "did you mean `resourcePerInstance`?");
        assertThat(problem.replacement()).contains("resourcePerInstance");
        assertThat(problem).extracting(Problem::line, Problem::column, Problem::endLine, Problem::endColumn)
                .containsExactly(6, 5, 6, 24);
        assertThat(result.spec()).isEmpty();
    }

    @Test
    void a_misspelled_optional_field_is_a_warning_and_the_job_is_accepted() {
        ParseResult result = parse(Jobs.MINIMAL + "descripton: trains the model\n");

        Problem problem = only(result, "unknown-field");
        assertThat(problem.severity()).isEqualTo(Severity.WARNING);
        assertThat(problem.message()).isEqualTo("unknown field `descripton`; did you mean `description`?");
        assertThat(result.spec()).isPresent();
    }

    @Test
    void a_misspelled_required_field_is_reported_once() {
        ParseResult result = parse(Jobs.MINIMAL.replace("    commands:", "    comands:"));

        assertThat(result.problems()).extracting(Problem::severity, Problem::code, Problem::replacement)
                .containsExactly(tuple(Severity.ERROR, "unknown-field", Optional.of("commands")));
    }

    @Test
    void a_resource_written_one_level_too_high_points_at_its_section() {
        ParseResult result = parse(Jobs.withRole("gpu: 2"));

        Problem problem = only(result, "unknown-field");
        assertThat(problem.severity()).isEqualTo(Severity.ERROR);
        assertThat(problem.message()).contains("it belongs under `resourcePerInstance`");
        assertThat(problem.replacement()).isEmpty();
    }

    @Test
    void an_unknown_field_without_a_likely_meaning_lists_the_known_ones() {
        Problem problem = only(parse(Jobs.withRole("colour: blue")),
                "unknown-field");

        assertThat(problem.severity()).isEqualTo(Severity.WARNING);
        assertThat(problem.message()).contains("known fields are protocolVersion, instances, completion");
    }

    @Test
    void a_wrong_type_names_what_was_expected_where() {
        ParseResult result = parse(Jobs.withRole("""
                resourcePerInstance:
                  gpu: two
                """));

        Problem problem = only(result, "type-mismatch");
        assertThat(problem.path()).isEqualTo("taskRoles.train.resourcePerInstance.gpu");
        assertThat(problem.message()).isEqualTo("taskRoles.train.resourcePerInstance.gpu: expected a non-negative "
                + "integer, found the string `two`");
        assertThat(problem).extracting(Problem::line, Problem::column, Problem::endLine, Problem::endColumn)
                .containsExactly(7, 12, 7, 15);
    }

    @Test
    void columns_count_utf16_units_after_wide_characters() {
        String yaml = Jobs.MINIMAL.replace("name: minimal", "description: \"🚀 naïve\"\nname: minimal")
                .replace("    commands:", "    instances: \"🚀\"\n    commands:");

        Problem problem = only(parse(yaml), "type-mismatch");
        assertThat(problem).extracting(Problem::line, Problem::column, Problem::endColumn).containsExactly(7, 16, 20);
    }

    @Test
    void positions_are_right_with_windows_line_endings() {
        String yaml = Jobs.withRole("instances: 0").replace("\n", "\r\n");

        Problem problem = only(parse(yaml), "out-of-range");
        assertThat(problem).extracting(Problem::line, Problem::column).containsExactly(6, 16);
    }

    @Test
    void every_problem_is_reported_at_once_in_document_order() {
        ParseResult result = parse("""
                protocolVersion: 2
                name: has spaces
                type: job
                taskRoles:
                  train:
                    instances: 0
                    resourcePerInstance: {cpu: -1, memoryMB: "4096", gpu: 1}
                    commands: []
                  1st:
                    commands: [echo]
                """);

        assertThat(result.problems()).extracting(Problem::code, Problem::path, Problem::line).containsExactly(
                tuple("invalid-name", "name", 2),
                tuple("out-of-range", "taskRoles.train.instances", 6),
                tuple("out-of-range", "taskRoles.train.resourcePerInstance.cpu", 7),
                tuple("type-mismatch", "taskRoles.train.resourcePerInstance.memoryMB", 7),
                tuple("invalid-value", "taskRoles.train.commands", 8),
                tuple("invalid-name", "taskRoles.1st", 9));
        assertThat(result.problems().get(3).message()).endsWith("(write the number without quotes)");
        assertThat(result.spec()).isEmpty();
    }

    @Test
    void required_fields_are_each_reported_as_missing() {
        ParseResult result = parse("description: nothing else\n");

        assertThat(result.problems()).extracting(Problem::code, Problem::path).containsExactlyInAnyOrder(
                tuple("missing-field", "protocolVersion"), tuple("missing-field", "name"),
                tuple("missing-field", "type"), tuple("missing-field", "taskRoles"));
        assertThat(result.problems()).allSatisfy(p -> assertThat(p.line()).isEqualTo(1));
    }

    @Test
    void names_have_length_limits() {
        String longName = "j".repeat(ProtocolLimits.MAX_NAME_LENGTH + 1);
        String longRole = "r".repeat(ProtocolLimits.MAX_ROLE_NAME_LENGTH + 1);

        assertThat(only(parse(Jobs.MINIMAL.replace("name: minimal", "name: " + longName)), "too-long").path())
                .isEqualTo("name");
        assertThat(only(parse(Jobs.MINIMAL.replace("  train:", "  " + longRole + ":")), "too-long").path())
                .isEqualTo("taskRoles." + longRole);
    }

    @Test
    void duplicate_keys_name_the_first_occurrence() {
        Problem problem = only(parse(Jobs.MINIMAL + "name: again\n"), "duplicate-key");

        assertThat(problem.message()).isEqualTo("duplicate key `name` (first written at line 2)");
        assertThat(problem.line()).isEqualTo(8);
    }

    @Test
    void a_nul_character_in_any_value_or_key_is_an_error() {
        // Bug: "\0" in a double-quoted value (a virtual cluster's name) reached PostgreSQL and answered 500
        Problem problem = only(parse(Jobs.MINIMAL + "defaults: {virtualCluster: \"a\\0b\"}\n"), "nul-character");
        assertThat(problem.path()).isEqualTo("defaults.virtualCluster");
        assertThat(problem.message()).startsWith("defaults.virtualCluster: contains a NUL character");

        assertThat(only(parse(Jobs.MINIMAL.replace("python train.py", "\"echo \\x00\"")), "nul-character").path())
                .isEqualTo("taskRoles.train.commands[0]");
        assertThat(only(parse(Jobs.MINIMAL.replace("  train:", "  \"t\\u0000\":")), "nul-character")).isNotNull();
    }

    @Test
    void completion_counts_take_null_and_minus_one_but_not_zero() {
        JobSpec spec = spec(Jobs.withRole("""
                instances: 4
                completion: {minFailedInstances: null, minSucceededInstances: -1}
                """));
        TaskRole.Completion completion = spec.taskRoles().get("train").completion();
        assertThat(completion.minFailedInstances()).isEmpty();
        assertThat(completion.minSucceededInstances()).isEmpty();

        assertThat(only(parse(Jobs.withRole("""
                completion: {minFailedInstances: 0}
                """)), "out-of-range").path()).isEqualTo("taskRoles.train.completion.minFailedInstances");
        assertThat(only(parse(Jobs.withRole("""
                completion: {minSucceededInstances: 3}
                """)), "completion-unreachable").severity()).isEqualTo(Severity.WARNING);
    }

    @Test
    void task_roles_can_share_settings_through_yaml_merges() {
        JobSpec spec = spec("""
                protocolVersion: 2
                name: shared
                type: job
                taskRoles:
                  worker: &base
                    instances: 2
                    resourcePerInstance: {cpu: 4, memoryMB: 8192, gpu: 1}
                    commands: [python worker.py]
                  chief:
                    <<: *base
                    instances: 1
                    commands: [python chief.py]
                """);

        TaskRole chief = spec.taskRoles().get("chief");
        assertThat(chief.instances()).isEqualTo(1);
        assertThat(chief.resourcePerInstance().cpu()).isEqualTo(4);
        assertThat(chief.commands()).containsExactly("python chief.py");
    }

    @Test
    void parameters_and_nested_secrets_are_kept() {
        JobSpec spec = spec(Jobs.MINIMAL + """
                parameters: {lr: 0.01, epochs: 5, tag: }
                secrets:
                  db: {password: s3cr3t-pw, port: 5432}
                  token: abc.def
                """);

        assertThat(spec.parameters()).containsExactly(Map.entry("lr", "0.01"),
                Map.entry("epochs", "5"), Map.entry("tag", ""));
        assertThat(spec.secret("db.password")).contains("s3cr3t-pw");
        assertThat(spec.secret("db.port")).contains("5432");
        assertThat(spec.secret("db")).isEmpty();
        assertThat(spec.secret("token")).contains("abc.def");
    }

    @Test
    void a_parameter_must_be_a_single_value() {
        Problem problem = only(parse(Jobs.MINIMAL + "parameters: {sizes: [1, 2]}\n"), "type-mismatch");

        assertThat(problem.path()).isEqualTo("parameters.sizes");
    }

    @Test
    void a_document_over_one_mebibyte_is_refused_before_parsing() {
        String huge = Jobs.MINIMAL + "description: \"" + "x".repeat(ProtocolLimits.MAX_DOCUMENT_BYTES) + "\"\n";

        ParseResult result = parse(huge);
        assertThat(result.problems()).extracting(Problem::code).containsExactly("too-large");
        assertThat(result.problems().get(0).line()).isEqualTo(1);
    }

    @Test
    void multibyte_text_counts_in_utf8_bytes() {
        String justOver = Jobs.MINIMAL + "description: \"" + "é".repeat(ProtocolLimits.MAX_DOCUMENT_BYTES / 2) + "\"\n";

        assertThat(parse(justOver).problems()).extracting(Problem::code).containsExactly("too-large");
    }
}
