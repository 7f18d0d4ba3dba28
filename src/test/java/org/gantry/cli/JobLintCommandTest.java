package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code gantry job lint FILE} lints locally: no server, no sign-in. */
class JobLintCommandTest {

    @TempDir
    Path dir;

    @Test
    void prints_one_line_per_finding_and_exits_1_on_errors() throws Exception {
        Path file = dir.resolve("job.yaml");
        Files.writeString(file, """
                protocolVersion: 2
                name: cli
                type: jbo
                taskRoles:
                  train:
                    commands:
                      - pyhton train.py
                """);
        Result result = run("job", "lint", file.toString());
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).contains(file + ":7:9: warning [misspelled-command] `pyhton`")
                .contains(file + ":3:7: error [").contains("1 error(s)");
    }

    @Test
    void a_clean_job_exits_0() throws Exception {
        Path file = dir.resolve("job.yaml");
        Files.writeString(file, """
                protocolVersion: 2
                name: cli
                type: job
                taskRoles:
                  train:
                    commands:
                      - python3 -c 'print(1)'
                """);
        Result result = run("job", "lint", "--json", file.toString());
        assertThat(result.exitCode()).isZero();
        assertThat(result.out().strip()).isEqualTo("[ ]");
    }

    @Test
    void a_missing_file_or_an_address_that_is_no_url_is_one_line_on_stderr() {
        Result missing = run("job", "lint", dir.resolve("nope.yaml").toString());
        assertThat(missing.exitCode()).isEqualTo(1);
        assertThat(missing.err()).isEqualTo("gantry: No such file: " + dir.resolve("nope.yaml") + "\n");

        Result notUrl = run("job", "lint", "job.yaml", "--server", "gantry:8080");
        assertThat(notUrl.exitCode()).isEqualTo(1);
        assertThat(notUrl.err()).startsWith("gantry: Not a server address: gantry:8080");
    }

    @Test
    void server_takes_an_optional_url_and_a_file_right_after_it_is_still_the_file() {
        assertThat(parsed("job.yaml", "--server", "http://gantry:8080")).containsExactly("job.yaml",
                "http://gantry:8080");
        assertThat(parsed("--server", "http://gantry:8080", "job.yaml")).containsExactly("job.yaml",
                "http://gantry:8080");
        assertThat(parsed("job.yaml", "--server")).containsExactly("job.yaml", "(signed-in)");
        assertThat(parsed("--server", "job.yaml")).containsExactly("job.yaml", "(signed-in)");
        assertThat(parsed("job.yaml")).containsExactly("job.yaml", null);
    }

    private static List<String> parsed(String... args) {
        JobLintCommand command = new JobLintCommand();
        new CommandLine(command).parseArgs(args);
        command.resolveArguments();
        return Arrays.asList(command.file, command.server);
    }

    private record Result(int exitCode, String out, String err) {
    }

    private static Result run(String... args) {
        PrintStream originalOut = System.out;
        PrintStream originalErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = GantryCli.run(args);
            return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(originalOut);
            System.setErr(originalErr);
        }
    }
}
