package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.lint.LintJobs.apply;
import static org.gantry.job.lint.LintJobs.lint;
import static org.gantry.job.lint.LintJobs.only;
import static org.gantry.job.lint.LintJobs.underlined;

import org.junit.jupiter.api.Test;

/** Findings in commands land on the exact YAML text, whatever scalar style wrote the command. */
class CommandPositionsTest {

    private static final String HEAD = """
            protocolVersion: 2
            name: styles
            type: job
            taskRoles:
              train:
                commands:
            """;

    @Test
    void plain_list_item() {
        String yaml = HEAD + "      - echo start && pyhton train.py\n";
        Finding f = only(lint(yaml), MisspelledCommandRule.CODE);
        assertThat(f.line()).isEqualTo(7);
        assertThat(f.column()).isEqualTo(23);
        assertThat(underlined(yaml, f)).isEqualTo("pyhton");
        assertThat(apply(yaml, f.fix().orElseThrow())).endsWith("- echo start && python train.py\n");
    }

    @Test
    void double_quoted_item_with_escapes_before_the_word() {
        String yaml = HEAD + "      - \"echo \\\"a\\tb\\\" \\u00e9 && pyhton train.py\"\n";
        Finding f = only(lint(yaml), MisspelledCommandRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("pyhton");
        assertThat(apply(yaml, f.fix().orElseThrow())).contains("&& python train.py\"");
    }

    @Test
    void single_quoted_item_with_doubled_quotes() {
        String yaml = HEAD + "      - 'echo ''hi'' && pyhton train.py'\n";
        Finding f = only(lint(yaml), MisspelledCommandRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("pyhton");
    }

    @Test
    void literal_block_scalar_lines_keep_their_own_line_and_indentation() {
        String yaml = HEAD + """
                      - |
                        echo one
                        if true; then
                          pyhton train.py
                        fi
                      - nvidia-smu
                """;
        var findings = lint(yaml);
        Finding python = findings.stream().filter(f -> underlined(yaml, f).equals("pyhton")).findFirst().orElseThrow();
        assertThat(python.line()).isEqualTo(10);
        assertThat(python.column()).isEqualTo(11);
        Finding smi = findings.stream().filter(f -> underlined(yaml, f).equals("nvidia-smu")).findFirst().orElseThrow();
        assertThat(smi.line()).isEqualTo(12);
        assertThat(apply(yaml, python.fix().orElseThrow())).contains("\n          python train.py\n");
    }

    @Test
    void folded_block_and_multi_line_plain_scalars() {
        String yaml = HEAD + """
                      - >
                        echo folded
                        && pyhton train.py
                      - echo plain
                        continued; nvidia-smu
                """;
        var findings = lint(yaml);
        assertThat(findings).extracting(f -> underlined(yaml, f) + "@" + f.line())
                .contains("pyhton@9", "nvidia-smu@11");
    }

    @Test
    void flow_sequence_items() {
        String yaml = HEAD.replace("    commands:\n", "    commands: [echo hi, \"pyhton x.py\"]\n");
        Finding f = only(lint(yaml), MisspelledCommandRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("pyhton");
        assertThat(f.line()).isEqualTo(6);
    }

    @Test
    void columns_count_utf16_units_after_characters_outside_the_basic_plane() {
        String yaml = HEAD + "      - echo \"\uD83D\uDE80 go\" && pyhton train.py\n";
        Finding f = only(lint(yaml), MisspelledCommandRule.CODE);
        assertThat(underlined(yaml, f)).isEqualTo("pyhton");
    }
}
