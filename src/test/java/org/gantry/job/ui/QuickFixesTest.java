package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gantry.job.lint.Finding;
import org.gantry.job.lint.LintContext;
import org.gantry.job.lint.Linter;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.ui.QuickFixes.QuickFix;
import org.junit.jupiter.api.Test;

class QuickFixesTest {

    private static final String UNSET = """
            # keep this comment
            protocolVersion: 2
            name: unset
            type: job
            taskRoles:
              main:
                instances: 1
                resourcePerInstance: {cpu: 1, memoryMB: 512, gpu: 0}
                commands:
                  - echo "data in $DATA_DIR"
                  - ls ${DATA_DIR}/raw
            """;

    private static Finding only(String yaml, String code) {
        List<Finding> findings = Linter.withoutShellCheck().lint(yaml, LintContext.standalone()).stream()
                .filter(f -> f.code().equals(code)).toList();
        assertThat(findings).hasSize(1);
        return findings.get(0);
    }

    private static QuickFix titled(List<QuickFix> fixes, String title) {
        return fixes.stream().filter(f -> f.title().equals(title)).findFirst().orElseThrow(() -> new AssertionError(
                "no fix " + title + " in " + fixes.stream().map(QuickFix::title).toList()));
    }

    // an undefined variable had no fix at all
    @Test
    void an_unset_variable_can_be_added_to_the_roles_deps_env() {
        List<QuickFix> fixes = QuickFixes.of(UNSET, only(UNSET, "undefined-variable"));

        String fixed = titled(fixes, "Add DATA_DIR to deps.env").text();

        assertThat(fixed).startsWith(UNSET.stripTrailing()).endsWith("""
                    deps:
                      env:
                        DATA_DIR: ""
                """);
        assertThat(new ProtocolParser().parse(fixed).spec()).isPresent();
        assertThat(Linter.withoutShellCheck().lint(fixed, LintContext.standalone()))
                .noneMatch(f -> f.code().equals("undefined-variable"));
    }

    @Test
    void an_existing_deps_env_gets_one_more_entry_in_its_own_style() {
        String yaml = UNSET.replace("    commands:\n", "    deps:\n      env:\n        OTHER: \"1\"\n    commands:\n");

        String fixed = QuickFixes.addToEnv(yaml, "main", "DATA_DIR");

        assertThat(fixed).contains("      env:\n        OTHER: \"1\"\n        DATA_DIR: \"\"\n    commands:\n");
    }

    @Test
    void an_unset_variable_can_become_a_parameter_used_through_the_template() {
        List<QuickFix> fixes = QuickFixes.of(UNSET, only(UNSET, "undefined-variable"));

        String fixed = titled(fixes, "Define DATA_DIR as a parameter").text();

        assertThat(fixed).startsWith("# keep this comment\n")
                .contains("- echo \"data in <% $parameters.DATA_DIR %>\"", "- ls <% $parameters.DATA_DIR %>/raw")
                .endsWith("parameters:\n  DATA_DIR: \"\"\n");
        assertThat(new ProtocolParser().parse(fixed).spec()).isPresent();
        assertThat(Linter.withoutShellCheck().lint(fixed, LintContext.standalone()))
                .noneMatch(f -> f.code().equals("undefined-variable"));
    }

    // `- echo "before: $X"` read as a mapping and said only "expected a string, found a mapping"
    @Test
    void a_command_yaml_reads_as_a_mapping_is_explained_and_quoted_by_its_fix() {
        String yaml = UNSET.replace("      - ls ${DATA_DIR}/raw\n", "      - echo \"before: $HOME\"\n");
        Finding finding = only(yaml, "type-mismatch");

        assertThat(finding.message()).contains("as a mapping", "quote the line");
        String fixed = titled(QuickFixes.of(yaml, finding), "Quote the line").text();

        assertThat(fixed).isEqualTo(yaml.replace("- echo \"before: $HOME\"", "- 'echo \"before: $HOME\"'"));
        assertThat(new ProtocolParser().parse(fixed).spec().orElseThrow().taskRoles().get("main").commands())
                .contains("echo \"before: $HOME\"");
    }

    @Test
    void the_fix_of_a_quoted_line_with_a_single_quote_doubles_it() {
        String yaml = UNSET.replace("      - ls ${DATA_DIR}/raw\n", "      - echo it's: $HOME\n");
        String fixed = titled(QuickFixes.of(yaml, only(yaml, "type-mismatch")), "Quote the line").text();

        assertThat(new ProtocolParser().parse(fixed).spec().orElseThrow().taskRoles().get("main").commands())
                .contains("echo it's: $HOME");
    }
}
