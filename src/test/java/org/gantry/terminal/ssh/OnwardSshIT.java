package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.security.KeyPair;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.base.ssh.SshEndpoint;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalTestData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * Tasks on an SSH host: the gateway's onward connection to Debian's sshd, started on a loopback
 * port, as the task's account, into its working directory with its environment.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OnwardSshIT {

    private static KeyPair gantryIdentity;
    private static java.nio.file.Path identityFile;
    private static DebianSshd sshd;

    @Autowired
    SshGateway gateway;

    @Autowired
    SshKeyService keys;

    @Autowired
    UserService users;

    @Autowired
    StandInTaskResolver tasks;

    String owner;
    KeyPair ownerKey;
    TaskShellTarget.Local local;

    @BeforeAll
    static void startSshd() throws Exception {
        assumeTrue(DebianSshd.available(), "Debian's openssh-server is not installed or the tests do not run as root");
        gantryIdentity = GatewayTestClient.newKey();
        identityFile = java.nio.file.Files.createTempFile("gantry-identity", "");
        try (var out = java.nio.file.Files.newOutputStream(identityFile)) {
            org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter.INSTANCE
                    .writePrivateKey(gantryIdentity, "gantry", null, out);
        }
        sshd = DebianSshd.start(List.of(PublicKeyEntry.toString(gantryIdentity.getPublic())));
    }

    @AfterAll
    static void stopSshd() {
        if (sshd != null) {
            sshd.close();
        }
    }

    @BeforeEach
    void ownerWithKey() throws Exception {
        owner = "on" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, owner, Role.USER);
        ownerKey = GatewayTestClient.newKey();
        keys.add(owner, "laptop", PublicKeyEntry.toString(ownerKey.getPublic()));
        local = TerminalTestData.localTask("train", Map.of("PAI_CURRENT_TASK_ROLE_NAME", "worker"));
    }

    @Test
    void a_shell_on_the_tasks_host_runs_as_its_account_in_its_directory() throws Exception {
        TaskRoute route = register(hostKeyFingerprint());
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Shell shell = client.shell(100, 30);
            shell.type("tty; id -un; pwd; echo job=$GANTRY_JOB_NAME $FROM_INIT; task_greeting\r");
            String output = shell.await("hello from train");
            assertThat(output).contains("/dev/pts/", local.osAccount(), local.workingDirectory().toString(),
                    "job=train init-ran", "(" + route.loginName() + ")");
            shell.clear();
            shell.resize(120, 40);
            shell.type("stty size\r");
            shell.await("40 120");
            shell.type("exit 4\r");
            assertThat(shell.exitStatus()).isEqualTo(4);
        }
    }

    @Test
    void exec_on_the_tasks_host_keeps_stdout_stderr_and_exit_code_apart() throws Exception {
        // The host key as the runtime recorded it in its known_hosts file.
        java.nio.file.Path knownHosts = java.nio.file.Files.createTempFile("known_hosts", "");
        java.nio.file.Files.writeString(knownHosts, "[127.0.0.1]:" + sshd.port + " " + sshd.hostKeyLine() + "\n");
        TaskRoute route = register(Optional.empty(), Optional.of(knownHosts));
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Exec exec = client.exec("echo $GANTRY_JOB_NAME; pwd; echo oops >&2; exit 5");
            assertThat(exec.out()).isEqualTo("train\n" + local.workingDirectory() + "\n");
            assertThat(exec.err()).endsWith("oops\n");
            assertThat(exec.exitStatus()).isEqualTo(5);
        }
    }

    @Test
    void a_host_presenting_another_host_key_is_not_entered() throws Exception {
        TaskRoute route = register("SHA256:" + "A".repeat(43));
        try (GatewayTestClient client = GatewayTestClient.connect(gateway.port(), route.loginName(), ownerKey)) {
            GatewayTestClient.Exec exec = client.exec("echo never");
            assertThat(exec.out()).isEmpty();
            assertThat(exec.err()).contains("Cannot reach the task's host 127.0.0.1:" + sshd.port);
            assertThat(exec.exitStatus()).isEqualTo(TaskShellCommand.EXIT_REFUSED);
        }
    }

    private TaskRoute register(String hostKeyFingerprint) {
        return register(Optional.of(hostKeyFingerprint), Optional.empty());
    }

    private TaskRoute register(Optional<String> hostKeyFingerprint, Optional<java.nio.file.Path> knownHosts) {
        TaskRoute route = TaskRoute.of(owner, "train", "worker", 0);
        SshEndpoint host = new SshEndpoint("127.0.0.1", sshd.port, local.osAccount(), identityFile,
                hostKeyFingerprint, knownHosts);
        tasks.running(route, new TaskShellTarget.SshHost(host, local.workingDirectory().toString(),
                local.environment(), local.initScript()));
        return route;
    }

    private static String hostKeyFingerprint() throws Exception {
        return new MinaSshKeyCodec().parse(sshd.hostKeyLine()).fingerprint();
    }
}
