package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.KeyPair;
import java.util.Map;
import java.util.UUID;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.gantry.security.Role;
import org.gantry.terminal.OpenTerminal;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalTestData;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * The gateway on a random port with a real MINA client, real shells on ptys as a real
 * unprivileged account. Tasks come from {@link StandInTaskResolver}, standing in for the
 * runtime's resolver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class MinaSshGatewayIT extends GatewayITSupport {

    @BeforeEach
    void ownerWithKeyAndRunningTask() throws Exception {
        ownerWithKeyAndRunningTask("gw", Map.of("PAI_CURRENT_TASK_ROLE_NAME", "worker"));
    }

    @Test
    void a_shell_is_a_tty_as_the_task_account_in_its_directory_with_its_environment() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), owner + "~train", ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type("tty; id -un; pwd; echo job=$GANTRY_JOB_NAME role=$PAI_CURRENT_TASK_ROLE_NAME $FROM_INIT; "
                    + "task_greeting\r");
            String output = shell.await("hello from train");
            assertThat(output).contains("/dev/pts/", target.osAccount(), target.workingDirectory().toString(),
                    "job=train role=worker init-ran");
            // The prompt says which task this is.
            assertThat(output).contains("(" + owner + "~train~worker~0)");
            // Nothing of Gantry's own environment leaks into the task's shell.
            // Regression: awaiting "done" matched the echoed command line before its output came.
            shell.clear();
            shell.type("echo leaked=$(env | grep -c -E '^(SPRING|GANTRY_DB|JAVA_HOME|MAVEN)') end-$((40+2))\r");
            assertThat(shell.await("end-42")).contains("leaked=0 end-42");
        }
    }

    @Test
    void window_changes_reach_the_shell() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type("stty size\r");
            shell.await("24 80");
            shell.resize(132, 43);
            shell.clear();
            shell.type("stty size\r");
            assertThat(shell.await("43 132")).contains("43 132");
        }
    }

    @Test
    void ctrl_c_stops_a_flood_and_the_shell_lives_on() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type("yes\r");
            shell.await("y\r\ny\r\ny\r\n");
            shell.type("\u0003");
            shell.type("echo after-$((6*7))\r");
            assertThat(shell.await("after-42")).contains("^C");
        }
    }

    @Test
    void the_shell_exit_code_passes_through() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type("exit 7\r");
            assertThat(shell.exitStatus()).isEqualTo(7);
        }
    }

    @Test
    void exec_runs_a_command_with_the_task_environment() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Exec exec = client.exec("echo $GANTRY_JOB_NAME $FROM_INIT; pwd; echo oops >&2; exit 3");
            assertThat(exec.out()).isEqualTo("train init-ran\n" + target.workingDirectory() + "\n");
            assertThat(exec.err()).isEqualTo("oops\n");
            assertThat(exec.exitStatus()).isEqualTo(3);
        }
    }

    @Test
    void exec_reads_standard_input_until_end_of_file() throws Exception {
        String big = "x".repeat(100_000);
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Exec exec = client.exec("wc -c; echo done", "hello\n" + big);
            assertThat(exec.out()).isEqualTo((6 + big.length()) + "\ndone\n");
            assertThat(exec.exitStatus()).isZero();
        }
    }

    @Test
    void a_paste_reaches_the_shell_whole_and_in_order() throws Exception {
        StringBuilder paste = new StringBuilder("cat > pasted.txt <<'EOF'\r");
        for (int line = 0; line < 300; line++) {
            paste.append("line ").append(line).append(" ").append("z".repeat(40)).append('\r');
        }
        paste.append("EOF\r");
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type(paste.toString());
            shell.type("echo lines=$(wc -l < pasted.txt) last=\"$(tail -n 1 pasted.txt | cut -c1-8)\"\r");
            assertThat(shell.await("lines=300 last=line 299")).contains("lines=300");
        }
    }

    @Test
    void a_task_port_enters_its_task_whatever_the_login_name_and_closes_with_the_task() throws Exception {
        int taskPort = gateway.taskPort(route).orElseThrow();
        assertThat(gateway.taskPort(route).getAsInt()).isEqualTo(taskPort);
        try (GatewayTestClient client = GatewayTestClient.connect(taskPort, "root", ownerKey)) {
            assertThat(client.exec("echo $GANTRY_JOB_NAME").out()).isEqualTo("train\n");
        }
        tasks.finished(route, "Task worker[0] of " + route.jobId() + " finished (SUCCEEDED)");
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        boolean closed = false;
        while (!closed && System.nanoTime() < deadline) {
            try (java.net.Socket socket = new java.net.Socket("127.0.0.1", taskPort)) {
                Thread.sleep(500);
            } catch (java.io.IOException refused) {
                closed = true;
            }
        }
        assertThat(closed).as("port " + taskPort + " closed once its task ended").isTrue();
    }

    @Test
    void an_unknown_key_is_refused_and_audited() throws Exception {
        KeyPair stranger = GatewayTestClient.newKey();
        String fingerprint = MinaSshKeyCodec.fingerprint(stranger.getPublic());
        assertThatThrownBy(() -> GatewayTestClient.connect(gateway.port(), route.loginName(), stranger))
                .hasMessageContaining("No more authentication methods available");
        assertThat(TerminalTestData.asAdmin(() -> audit.recentOfKey(fingerprint, 5))).singleElement().satisfies(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED);
            assertThat(entry.getLoginName()).isEqualTo(route.loginName());
            assertThat(entry.getReason()).contains("Unknown key");
        });
    }

    @Test
    void another_users_task_is_refused_with_a_message_and_audited() throws Exception {
        String intruder = "gx" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, intruder, Role.USER);
        KeyPair intruderKey = GatewayTestClient.newKey();
        keys.add(intruder, "laptop", PublicKeyEntry.toString(intruderKey.getPublic()));
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), intruderKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.await("Only " + owner + " may enter the tasks of " + owner + "~train");
            assertThat(shell.exitStatus()).isEqualTo(TaskShellCommand.EXIT_REFUSED);
        }
        assertThat(audit.recentOf(intruder, 5)).singleElement().satisfies(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED);
            assertThat(entry.getVia()).isEqualTo(TerminalAuditEntry.Via.SSH);
        });
    }

    @Test
    void an_administrator_is_refused_by_default_and_audited(CapturedOutput log) throws Exception {
        String admin = "ga" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, admin, Role.ADMIN);
        KeyPair adminKey = GatewayTestClient.registeredKey(keys, admin);
        String refusal = "Only " + owner + " may enter the tasks of " + route.jobId();
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), adminKey)) {
            GatewayTestClient.Exec exec = client.exec("echo entered");
            assertThat(exec.err()).isEqualTo(refusal + "\n");
            assertThat(exec.out()).isEmpty();
            assertThat(exec.exitStatus()).isEqualTo(TaskShellCommand.EXIT_REFUSED);
        }
        assertThat(audit.recentOf(admin, 5)).singleElement().satisfies(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED);
            assertThat(entry.getLoginName()).isEqualTo(route.loginName());
            assertThat(entry.getKeyFingerprint()).contains(MinaSshKeyCodec.fingerprint(adminKey.getPublic()));
            assertThat(entry.getReason()).isEqualTo(refusal);
        });
        assertThat(log.getOut()).contains("Terminal REFUSED for '" + admin + "' into " + route.loginName());
    }

    @Test
    void the_owners_entry_is_audited_as_allowed() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            assertThat(client.exec("true").exitStatus()).isZero();
        }
        assertThat(audit.recentOf(owner, 5)).singleElement().satisfies(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.ALLOWED);
            assertThat(entry.getReason()).contains("owner", "local shell as " + target.osAccount());
        });
        assertThat(keys.list(owner)).singleElement().satisfies(key -> assertThat(key.getLastUsedAt()).isPresent());
    }

    @Test
    void a_finished_task_is_refused_with_a_clear_message() throws Exception {
        tasks.finished(route, "Task worker[0] of " + route.jobId() + " finished (SUCCEEDED)");
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Exec exec = client.exec("echo never");
            assertThat(exec.err()).contains("Task worker[0] of " + route.jobId() + " finished (SUCCEEDED)");
            assertThat(exec.out()).isEmpty();
            assertThat(exec.exitStatus()).isEqualTo(TaskShellCommand.EXIT_REFUSED);
        }
    }

    @Test
    void an_open_terminal_closes_with_a_message_when_its_task_finishes() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type("echo ready\r");
            shell.await("ready\r\n");
            tasks.finished(route, "Task worker[0] of " + route.jobId() + " finished (FAILED)");
            shell.await("finished (FAILED); closing this terminal");
            assertThat(shell.exitStatus()).isEqualTo(TaskShellCommand.EXIT_REFUSED);
        }
    }

    @Test
    void a_flood_that_nobody_reads_is_held_back_at_the_shell() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type("echo go; yes\r");
            shell.await("y\r\ny\r\n");
            // The client stops reading: the gateway's reads from the pty must stop soon after.
            long fromShell = awaitSteadyBytesFromShell();
            long held = fromShell - shell.bytesRead();
            // The client's window (256 KiB) plus a buffer or two; without flow control it grows without end.
            assertThat(held).as("bytes read from the shell but not yet by the client").isLessThan(1024 * 1024);
            shell.drain(held);
            shell.type("\u0003");
            shell.type("echo after-$((6*7))\r");
            shell.await("after-42");
        }
    }

    private long awaitSteadyBytesFromShell() throws InterruptedException {
        long previous = -1;
        for (int i = 0; i < 300; i++) {
            long now = gateway.openTerminals().stream().filter(t -> t.username().equals(owner))
                    .mapToLong(OpenTerminal::bytesFromShell).sum();
            if (now == previous && now > 0) {
                return now;
            }
            previous = now;
            Thread.sleep(300);
        }
        throw new AssertionError("The gateway kept reading from a shell whose client reads nothing");
    }
}
