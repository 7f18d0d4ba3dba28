package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.RestClient;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code gantry job lint FILE --server URL} as a user runs it: signed in with {@code gantry login},
 * the CLI in its own JVM, the file linted by the running server's {@code POST /api/v2/jobs/lint}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobLintCommandIT {

    private static final String MISSPELLED = """
            protocolVersion: 2
            name: lint-over-rest
            type: job
            taskRoles:
              train:
                commands:
                  - pyhton train.py
            """;

    @LocalServerPort
    int port;

    @Autowired
    UserService users;

    @TempDir
    Path dir;

    String server;
    String user;
    CliProcess cli;
    Path file;

    @BeforeEach
    void signIn() throws Exception {
        server = "http://localhost:" + port;
        user = "lint" + UUID.randomUUID().toString().substring(0, 8);
        TestSecurity.asAdmin(() -> users.create(user, user + "-password", Role.USER, "", List.of("default")));
        cli = new CliProcess(dir.resolve("cli-home"));
        CliProcess.Result login = cli.run(user + "-password\n", "login", "--server", server, "-u", user,
                "--password-stdin");
        assertThat(login.exitCode()).as(login.err()).isZero();
        file = dir.resolve("job.yaml");
        Files.writeString(file, MISSPELLED);
    }

    @Test
    void the_server_reports_the_misspelled_command_with_its_line_code_and_message() throws Exception {
        CliProcess.Result result = cli.run("", "job", "lint", file.toString(), "--server", server);
        assertThat(result.err()).isEmpty();
        assertThat(result.out()).contains(file + ":7:9: warning [misspelled-command] `pyhton` is not a command"
                + " this job defines or a common one; did you mean `python`?");
        assertThat(result.exitCode()).isZero();
    }

    @Test
    void a_revoked_token_is_one_clear_line_and_exit_code_1() throws Exception {
        String token = Clusters.load(dir.resolve("cli-home").resolve(Clusters.FILE_NAME)).current().orElseThrow()
                .token();
        assertThat(RestClient.anonymous(port).withToken(token).delete("/api/v2/authn/basic/logout").status())
                .isEqualTo(200);

        CliProcess.Result result = cli.run("", "job", "lint", file.toString(), "--server", server);
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.out()).isEmpty();
        assertThat(result.err().strip()).startsWith("gantry: ").contains(server, "gantry login")
                .doesNotContain("Exception", "\tat ").hasLineCount(1);
    }

    @Test
    void a_server_one_is_not_signed_in_to_gets_no_token() throws Exception {
        CliProcess.Result result = cli.run("", "job", "lint", file.toString(), "--server", "http://localhost:1");
        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err().strip()).isEqualTo("gantry: Not signed in to http://localhost:1: run"
                + " `gantry login --server http://localhost:1 --user NAME` or `gantry cluster add --alias NAME --uri"
                + " http://localhost:1 --user NAME` first");
    }
}
