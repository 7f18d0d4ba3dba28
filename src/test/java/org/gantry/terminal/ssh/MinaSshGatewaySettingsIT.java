package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.gantry.security.Role;
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
 * The gateway with settings other than the defaults: administrators may enter other users'
 * tasks, and an idle timeout short enough to watch. A real MINA client, real shells on ptys as
 * a real unprivileged account; tasks from {@link StandInTaskResolver}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "gantry.terminal.admin-access=true",
        "gantry.terminal.idle-timeout=3s",
        "gantry.terminal.task-check-interval=500ms"})
@ExtendWith(OutputCaptureExtension.class)
class MinaSshGatewaySettingsIT extends GatewayITSupport {

    private static final Duration IDLE_TIMEOUT = Duration.ofSeconds(3);

    @BeforeEach
    void ownerWithKeyAndRunningTask() throws Exception {
        ownerWithKeyAndRunningTask("gs", Map.of());
    }

    @Test
    void an_administrator_enters_another_users_task_and_is_audited(CapturedOutput log) throws Exception {
        String admin = "ga" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, admin, Role.ADMIN);
        KeyPair adminKey = GatewayTestClient.registeredKey(keys, admin);
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), adminKey)) {
            GatewayTestClient.Exec exec = client.exec("echo $GANTRY_JOB_NAME; id -un");
            assertThat(exec.out()).isEqualTo("train\n" + target.osAccount() + "\n");
            assertThat(exec.exitStatus()).isZero();
        }
        assertThat(audit.recentOf(admin, 5)).singleElement().satisfies(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.ALLOWED);
            assertThat(entry.getLoginName()).isEqualTo(route.loginName());
            assertThat(entry.getKeyFingerprint()).contains(MinaSshKeyCodec.fingerprint(adminKey.getPublic()));
            assertThat(entry.getReason()).isEqualTo("administrator access; local shell as " + target.osAccount());
        });
        assertThat(log.getOut()).contains("Terminal ALLOWED for '" + admin + "' into " + route.loginName());
    }

    @Test
    void administrator_access_lets_in_administrators_only() throws Exception {
        String other = "gu" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, other, Role.USER);
        KeyPair otherKey = GatewayTestClient.registeredKey(keys, other);
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), otherKey)) {
            GatewayTestClient.Exec exec = client.exec("echo entered");
            assertThat(exec.err()).isEqualTo("Only " + owner + " may enter the tasks of " + route.jobId() + "\n");
            assertThat(exec.exitStatus()).isEqualTo(TaskShellCommand.EXIT_REFUSED);
        }
        assertThat(audit.recentOf(other, 5)).singleElement()
                .satisfies(entry -> assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED));
    }

    @Test
    void a_terminal_nobody_types_in_closes_after_the_idle_timeout_with_a_message() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            shell.type("echo ready-$((1+1))\r");
            shell.await("ready-2");
            shell.await("Closing this terminal: no input or output for 3 s (gantry.terminal.idle-timeout)");
            assertThat(shell.exitStatus()).isEqualTo(TaskShellCommand.EXIT_REFUSED);
        }
        assertThat(openTerminalsOf(owner)).isZero();
    }

    @Test
    void a_terminal_in_use_stays_open_past_the_idle_timeout() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            // Keystrokes a few times per timeout, for three timeouts.
            long until = System.nanoTime() + IDLE_TIMEOUT.multipliedBy(3).toNanos();
            for (int tick = 1; System.nanoTime() < until; tick++) {
                shell.type("echo tick-$((" + tick + "+100))\r");
                shell.await("tick-" + (tick + 100));
                Thread.sleep(IDLE_TIMEOUT.toMillis() / 6);
            }
            shell.type("echo still-$((6*7))\r");
            assertThat(shell.await("still-42")).doesNotContain("gantry.terminal.idle-timeout");
            assertThat(openTerminalsOf(owner)).isEqualTo(1);
        }
    }

    @Test
    void a_terminal_showing_output_stays_open_past_the_idle_timeout_without_input() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(80, 24);
            // one keystroke line, then output twice per timeout for three timeouts, and no input
            long ticks = IDLE_TIMEOUT.multipliedBy(3).toMillis() / (IDLE_TIMEOUT.toMillis() / 2);
            shell.type("for i in $(seq " + ticks + "); do sleep " + IDLE_TIMEOUT.toMillis() / 2000.0
                    + "; echo out-$((i+500)); done; echo last-$((6*7))\r");
            String seen = shell.await("last-42");
            assertThat(seen).contains("out-" + (500 + ticks)).doesNotContain("gantry.terminal.idle-timeout");
            assertThat(openTerminalsOf(owner)).isEqualTo(1);
        }
    }

    @Test
    void a_connection_without_a_terminal_is_disconnected_with_the_reason() throws Exception {
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            assertThat(client.awaitDisconnect(Duration.ofSeconds(60)))
                    .contains("Closing this connection: idle for more than 3 s (gantry.terminal.idle-timeout)");
        }
    }
}
