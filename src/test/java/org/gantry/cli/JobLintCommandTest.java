package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

    private record Result(int exitCode, String out) {
    }

    private static Result run(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int code = GantryCli.run(args);
            return new Result(code, captured.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(original);
        }
    }
}
