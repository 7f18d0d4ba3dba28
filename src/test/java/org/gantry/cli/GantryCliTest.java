package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class GantryCliTest {

    private record Run(int exitCode, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = GantryCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    // `gantry login --help` printed "Missing required options" before the usage
    @Test
    void login_help_prints_the_usage_without_complaining() {
        Run run = run("login", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: gantry login", "--server", "--password-stdin");
        assertThat(run.out() + run.err()).doesNotContain("Missing required");
    }

    // `gantry job submit --help` printed "Missing required parameter" before the usage
    @Test
    void job_submit_help_prints_the_usage_without_complaining() {
        Run run = run("job", "submit", "--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: gantry job submit", "FILE", "--wait");
        assertThat(run.out() + run.err()).doesNotContain("Missing required");
    }

    // `java -jar gantry.jar --help` printed the CLI's help and nothing on how to start the server
    @Test
    void top_level_help_says_how_to_start_the_server_and_where_the_cli_keeps_its_files() {
        Run run = run("--help");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: gantry", "login", "job", "java -jar gantry.jar", "$GANTRY_CONFIG");
    }

    @Test
    void subcommand_help_does_not_repeat_the_server_footer() {
        assertThat(run("job", "--help").out()).contains("submit").doesNotContain("java -jar");
    }

    @Test
    void help_names_a_subcommand() {
        Run run = run("help", "login");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("Usage: gantry login");
    }
}
