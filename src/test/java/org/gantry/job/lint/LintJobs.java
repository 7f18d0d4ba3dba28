package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gantry.job.protocol.SourceText;

/** Job documents and assertions shared by the linter tests. */
final class LintJobs {

    private static final Linter LINTER = Linter.withoutShellCheck();

    private LintJobs() {
    }

    /** A plausible single-role training job whose commands are {@code commands} (one per line). */
    static String job(String commands) {
        return job(commands, "");
    }

    /** As {@link #job(String)}, with {@code roleFields} (unindented) added to the task role. */
    static String job(String commands, String roleFields) {
        StringBuilder yaml = new StringBuilder("""
                protocolVersion: 2
                name: mnist-train
                type: job
                prerequisites:
                  - name: image
                    type: dockerimage
                    uri: pytorch/pytorch:2.3.0-cuda12.1-cudnn8-runtime
                taskRoles:
                  train:
                    instances: 1
                    dockerImage: image
                    resourcePerInstance: {cpu: 4, memoryMB: 16384, gpu: 1}
                """);
        roleFields.stripTrailing().lines().forEach(l -> yaml.append("    ").append(l).append('\n'));
        yaml.append("    commands:\n");
        commands.stripTrailing().lines().forEach(l -> yaml.append("      - ").append(l).append('\n'));
        return yaml.toString();
    }

    static List<Finding> lint(String yaml) {
        return LINTER.lint(yaml, LintContext.standalone());
    }

    static List<Finding> lint(String yaml, LintContext context) {
        return LINTER.lint(yaml, context);
    }

    static List<Finding> withCode(List<Finding> findings, String code) {
        return findings.stream().filter(f -> f.code().equals(code)).toList();
    }

    /** The single finding with the code. */
    static Finding only(List<Finding> findings, String code) {
        List<Finding> found = withCode(findings, code);
        assertThat(found).as("findings with code " + code + " among " + findings).hasSize(1);
        return found.get(0);
    }

    static void none(List<Finding> findings, String code) {
        assertThat(withCode(findings, code)).as("findings with code " + code).isEmpty();
    }

    /** The text a finding underlines, on its first line. */
    static String underlined(String yaml, Finding finding) {
        String line = yaml.lines().toList().get(finding.line() - 1);
        int end = finding.endLine() == finding.line() ? finding.endColumn() - 1 : line.length();
        return line.substring(finding.column() - 1, end);
    }

    /** The document with a fix applied. */
    static String apply(String yaml, Fix fix) {
        SourceText index = new SourceText(yaml);
        int from = index.lineStart(fix.line()) + fix.column() - 1;
        int to = index.lineStart(fix.endLine()) + fix.endColumn() - 1;
        return yaml.substring(0, from) + fix.replacement() + yaml.substring(to);
    }
}
