package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TerminalTestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code gantry login} then {@code gantry job ssh} as a user runs them: the CLI in its own JVM
 * (Spring never starts there), the system's ssh, the gateway, a real shell. The task comes
 * from {@link StandInTaskResolver}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class JobSshCommandIT {

    @LocalServerPort
    int port;

    @Autowired
    UserService users;

    @Autowired
    SshKeyService keys;

    @Autowired
    StandInTaskResolver tasks;

    @TempDir
    Path cliHome;

    @Test
    void login_once_then_run_a_command_in_a_task_with_its_exit_code() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh")), "OpenSSH's client is not installed");
        String user = "cli" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, user, Role.USER);
        tasks.running(TaskRoute.of(user, "train", "worker", 1), TerminalTestData.localTask("train", Map.of()));

        CliProcess.Result login = gantry(user + "-password\n", "login", "--server", "http://localhost:" + port,
                "-u", user, "--password-stdin");
        assertThat(login.exitCode()).as(login.err()).isZero();

        CliProcess.Result first = gantry("", "job", "ssh", user + "~train", "worker", "1", "--",
                "echo job=$GANTRY_JOB_NAME; exit 3");
        assertThat(first.out()).isEqualTo("job=train\n");
        assertThat(first.exitCode()).as(first.err()).isEqualTo(3);
        assertThat(first.err()).contains("Registered the CLI's SSH key");
        assertThat(keys.list(user)).singleElement().satisfies(key -> assertThat(key.getName()).startsWith("cli-"));
        assertThat(cliHome.resolve("id_ed25519")).exists();

        // Logged in once: the second run reuses the key, and stdin reaches the command.
        CliProcess.Result second = gantry("hello\n", "job", "ssh", user + "~train", "worker", "1", "--", "cat");
        assertThat(second.out()).isEqualTo("hello\n");
        assertThat(second.exitCode()).isZero();
        assertThat(second.err()).doesNotContain("Registered");
        assertThat(keys.list(user)).hasSize(1);
    }

    @Test
    void another_users_job_is_refused_before_ssh_runs() throws Exception {
        String user = "cli" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, user, Role.USER);
        gantry(user + "-password\n", "login", "--server", "http://localhost:" + port, "-u", user, "--password-stdin");
        CliProcess.Result refused = gantry("", "job", "ssh", "admin~train");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("403", "Only admin may enter the tasks of admin~train");
    }

    private CliProcess.Result gantry(String stdin, String... args) throws IOException, InterruptedException {
        return new CliProcess(cliHome).run(stdin, args);
    }
}
