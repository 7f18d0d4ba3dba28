package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.gantry.job.lint.LintJobs.apply;
import static org.gantry.job.lint.LintJobs.underlined;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** With Debian's shellcheck (installed by .ci/run) and without any. */
class ShellCheckRuleTest {

    private static final String YAML = """
            protocolVersion: 2
            name: checked
            type: job
            secrets:
              token: abcdefgh
            taskRoles:
              train:
                commands:
                  - echo <% $secrets.token %> > ~/.token
                  - |
                    for f in $(ls *.csv); do
                      python convert.py $f
                    done
                  - pyhton train.py
            """;

    private static Optional<ShellCheck> installed() {
        return ShellCheck.onPath(Duration.ofSeconds(10));
    }

    @Test
    void shellchecks_comments_land_on_the_yaml_lines_of_a_block_scalar() {
        assumeThat(installed()).as("shellcheck on PATH (Debian package shellcheck)").isPresent();
        List<Finding> findings = new Linter(installed()).lint(YAML, LintContext.standalone());
        Finding quoting = findings.stream().filter(f -> f.code().equals("SC2086")).findFirst().orElseThrow();
        assertThat(quoting.line()).isEqualTo(12);
        assertThat(underlined(YAML, quoting)).isEqualTo("$f");
        assertThat(apply(YAML, quoting.fix().orElseThrow())).contains("python convert.py \"$f\"");
        Finding ls = findings.stream().filter(f -> f.code().equals("SC2045")).findFirst().orElseThrow();
        assertThat(ls.line()).isEqualTo(11);
        assertThat(findings).extracting(Finding::code).contains(MisspelledCommandRule.CODE)
                .noneMatch(code -> code.equals("SC1009") || code.equals("SC1073"));
    }

    @Test
    void templates_do_not_read_as_redirections() {
        assumeThat(installed()).isPresent();
        List<Finding> findings = new Linter(installed()).lint(YAML, LintContext.standalone());
        assertThat(findings).filteredOn(f -> f.line() == 9 && f.code().startsWith("SC")).isEmpty();
    }

    @Test
    void only_blocks_not_seen_recently_start_a_shellcheck_process(@TempDir Path dir) throws Exception {
        // a stand-in that counts its runs; the real shellcheck cannot tell us how often it ran
        Path runs = dir.resolve("runs");
        Path fake = dir.resolve("shellcheck");
        Files.writeString(fake, "#!/bin/sh\necho run >> '" + runs + "'\ncat > /dev/null\necho '[]'\n");
        fake.toFile().setExecutable(true);
        Linter linter = new Linter(Optional.of(new ShellCheck(fake, Duration.ofSeconds(10))));
        String twoRoles = YAML + "  eval:\n    commands:\n      - python eval.py\n";
        linter.lint(twoRoles, LintContext.standalone());
        assertThat(Files.readAllLines(runs)).hasSize(2);
        linter.lint(twoRoles, LintContext.standalone());
        assertThat(Files.readAllLines(runs)).hasSize(2);
        linter.lint(twoRoles.replace("python eval.py", "python eval.py --fast"), LintContext.standalone());
        assertThat(Files.readAllLines(runs)).hasSize(3);
    }

    @Test
    void without_shellcheck_the_other_rules_still_work() {
        Linter missing = new Linter(Optional.of(new ShellCheck(Path.of("/nonexistent/shellcheck"),
                Duration.ofSeconds(1))));
        List<Finding> findings = missing.lint(YAML, LintContext.standalone());
        assertThat(findings).extracting(Finding::code).contains(MisspelledCommandRule.CODE)
                .noneMatch(code -> code.startsWith("SC"));
        assertThat(Linter.withoutShellCheck().lint(YAML, LintContext.standalone())).isEqualTo(findings);
    }
}
