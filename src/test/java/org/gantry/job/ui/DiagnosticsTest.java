package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DiagnosticsTest {

    private static final String YAML = """
            protocolVersion: 2
            name: typo
            taskRoles:
              main:
                commands:
                  - echo start
                  - pyhton train.py --epochs 3
            """;

    @Test
    void the_completion_policy_is_said_in_the_users_terms() {
        // Regression: the job's failure said "reached minFailedInstances 1".
        assertThat(Diagnostics.explain("task role main: 1 failed task(s) reached minFailedInstances 1", ""))
                .isEqualTo("task role main: 1 task failed, and the job fails as soon as 1 does"
                        + " (minFailedInstances: 1)");
    }

    @Test
    void a_script_line_is_cited_as_the_yaml_line_of_the_users_command() {
        // Regression: the failure cited "../task.sh: line 151" instead of the YAML line it came from.
        assertThat(Diagnostics.explain("last lines of stderr:\n../task.sh: line 151: pyhton: command not found", YAML))
                .isEqualTo("last lines of stderr:\njob YAML line 7: pyhton: command not found");
    }

    @Test
    void a_line_that_cannot_be_mapped_is_cited_as_the_users_commands() {
        assertThat(Diagnostics.explain("../task.sh: line 151: cd: /data: No such file or directory", YAML))
                .isEqualTo("your commands: cd: /data: No such file or directory");
        assertThat(Diagnostics.explain("exit code 3", YAML)).isEqualTo("exit code 3");
    }
}
