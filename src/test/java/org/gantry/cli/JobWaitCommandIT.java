package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code gantry job submit --wait} and {@code gantry job wait}: the CLI in its own JVM follows
 * a job that really runs to its end, with the exit code of {@code sbatch --wait}.
 */
@RuntimeSpringTest
class JobWaitCommandIT {

    @LocalServerPort
    int port;

    @TempDir
    Path cliHome;

    @TempDir
    Path work;

    RestClient user;

    @BeforeEach
    void signIn() throws Exception {
        user = RestClient.newUser(port, "cliwait");
        CliProcess.Result login = gantry("pw-" + user.username() + "\n", "login", "--server", "http://localhost:" + port,
                "-u", user.username(), "--password-stdin");
        assertThat(login.exitCode()).as(login.err()).isZero();
    }

    @Test
    void submit_with_wait_returns_when_the_job_ended_with_its_outcome() throws Exception {
        Path ok = Files.writeString(work.resolve("ok.yaml"), job("cli-ok", "sleep 1; echo done"));
        Path failing = Files.writeString(work.resolve("fail.yaml"), job("cli-fail", "exit 4"));

        CliProcess.Result succeeded = gantry("", "job", "submit", ok.toString(), "--wait");
        CliProcess.Result failed = gantry("", "job", "submit", failing.toString(), "--wait");

        assertThat(succeeded.exitCode()).as(succeeded.err()).isZero();
        assertThat(succeeded.out()).contains("Submitted " + user.username() + "~cli-ok",
                user.username() + "~cli-ok SUCCEEDED");
        assertThat(failed.exitCode()).isEqualTo(1);
        assertThat(failed.out()).contains(user.username() + "~cli-fail FAILED");
        CliProcess.Result waited = gantry("", "job", "wait", user.username() + "~cli-ok");
        assertThat(waited.exitCode()).isZero();
        assertThat(waited.out()).isEqualTo(user.username() + "~cli-ok SUCCEEDED\n");
    }

    private static String job(String name, String command) {
        return "protocolVersion: 2\nname: " + name + "\ntype: job\ntaskRoles:\n  main:\n    instances: 1\n"
                + "    resourcePerInstance: {cpu: 1, memoryMB: 128}\n    commands:\n      - '" + command + "'\n";
    }

    private CliProcess.Result gantry(String stdin, String... args) throws IOException, InterruptedException {
        return new CliProcess(cliHome).run(stdin, args);
    }
}
