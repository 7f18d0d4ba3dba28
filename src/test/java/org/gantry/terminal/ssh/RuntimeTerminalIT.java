package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import java.time.Duration;
import java.util.Map;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.gantry.runtime.RuntimeJobs;
import org.gantry.runtime.RuntimeSpringTest;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyService;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The real thing end to end: a job submitted over REST runs on the local executor, and the
 * gateway opens a shell next to its running task with the task's environment, deps included;
 * stopping the job closes the terminal with a message.
 */
@RuntimeSpringTest
class RuntimeTerminalIT {

    private static final Duration WAIT = Duration.ofSeconds(90);

    @LocalServerPort
    int port;

    @Autowired
    SshGateway gateway;

    @Autowired
    SshKeyService keys;

    @Test
    void a_shell_opens_next_to_a_running_task_and_closes_when_the_job_stops() throws Exception {
        RestClient owner = RestClient.newUser(port, "term");
        String user = owner.username();
        KeyPair key = GatewayTestClient.newKey();
        keys.add(user, "laptop", PublicKeyEntry.toString(key.getPublic()));
        String name = RuntimeJobs.name("shell");
        String yaml = RuntimeJobs.job(name, "deps:\n  env: {FROM_DEPS: deps-env}\n  bash: ['greet() { echo hi-$1; }']",
                "echo started", "sleep 300");
        assertThat(owner.postYaml("/api/v2/jobs", yaml).status()).isEqualTo(202);
        RuntimeJobs.await(owner, user, name, RuntimeJobs.state("RUNNING"), WAIT);

        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), user + "~" + name, key)) {
            GatewayTestClient.Exec exec = awaitTaskEnvironment(client);
            assertThat(exec.out()).startsWith(name + " main 0 deps-env hi-x\n").contains("/work\n");
            assertThat(exec.exitStatus()).isZero();

            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type("echo $FROM_DEPS-$((20+22)); tty\r");
            shell.await("deps-env-42");
            assertThat(shell.await("/dev/pts/")).contains("(" + user + "~" + name + "~main~0)");

            owner.putJson("/api/v2/jobs/" + user + "~" + name + "/executionType", Map.of("value", "STOP"));
            shell.await("closing this terminal");
            assertThat(shell.exitStatus()).isEqualTo(TaskShellCommand.EXIT_REFUSED);
        }
    }

    @Test
    void a_user_named_as_openpai_allows_reaches_her_task_as_her_own_os_account() throws Exception {
        // Bug: users such as John.Doe could not be created, had no task account and no gateway login name
        RestClient john = RestClient.newUser(port, "John.Doe");
        String user = john.username();
        KeyPair key = GatewayTestClient.newKey();
        keys.add(user, "laptop", PublicKeyEntry.toString(key.getPublic()));
        String name = RuntimeJobs.name("dotted");
        assertThat(john.postYaml("/api/v2/jobs", RuntimeJobs.job(name, "", "id -un", "sleep 300")).status())
                .isEqualTo(202);
        RuntimeJobs.await(john, user, name, RuntimeJobs.state("RUNNING"), WAIT);

        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), user + "~" + name + "~main~0", key)) {
            GatewayTestClient.Exec exec = client.exec("id -un; echo $PAI_USER_NAME");
            assertThat(exec.exitStatus()).isZero();
            String account = exec.out().lines().findFirst().orElseThrow();
            assertThat(exec.out()).endsWith("\n" + user + "\n");
            if (System.getProperty("user.name").equals("root")) {
                // a Linux account name: lowercase, no dot, the exact name's hash after it
                assertThat(account).matches("gantry-john_doe-[0-9a-z_-]*[0-9a-f]{8}").hasSizeLessThanOrEqualTo(32);
            }
        } finally {
            john.putJson("/api/v2/jobs/" + user + "~" + name + "/executionType", Map.of("value", "STOP"));
        }
    }

    /** The task saves its environment once its deps are done; until then the shell has only its identity. */
    private static GatewayTestClient.Exec awaitTaskEnvironment(GatewayTestClient client) throws Exception {
        GatewayTestClient.Exec exec = null;
        for (int i = 0; i < 150; i++) {
            exec = client.exec("echo $GANTRY_JOB_NAME $PAI_CURRENT_TASK_ROLE_NAME $PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX"
                    + " ${FROM_DEPS:-none} $(greet x 2>/dev/null); pwd");
            // Until the task has written its environment for shells, FROM_DEPS is "none" and greet is
            // missing: the empty $(greet x) then leaves no word at all, so " none" ends the line.
            if (!exec.out().contains(" none ") && !exec.out().contains(" none\n")) {
                return exec;
            }
            Thread.sleep(200);
        }
        return exec;
    }
}
