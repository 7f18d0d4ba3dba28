package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.gantry.security.Role;
import org.gantry.terminal.TaskProcesses;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalTestData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * {@code ssh -L} and {@code ssh -W} (both {@code direct-tcpip}) with Debian's OpenSSH client
 * through the gateway, into a task whose own process runs {@code python3 -m http.server}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PortForwardIT extends GatewayITSupport {

    private final List<Process> processes = new ArrayList<>();
    private OpenSshClient ssh;
    private int serverPort;

    @BeforeEach
    void taskServingHttp() throws Exception {
        assumeTrue(OpenSshClient.available(), "OpenSSH's client is not installed");
        ownerWithKeyAndRunningTask("pf", Map.of());
        ssh = OpenSshClient.withNewKey(gateway.port());
        keys.add(owner, "openssh", ssh.publicKey());
        Files.writeString(target.workingDirectory().resolve("index.html"), "<h1>served from the task</h1>\n");
        serverPort = TaskProcesses.freePort();
        Process server = TaskProcesses.startInTask(target, List.of("python3", "-m", "http.server",
                Integer.toString(serverPort), "--bind", "127.0.0.1"));
        processes.add(server);
        TaskProcesses.awaitListening(serverPort, server);
    }

    @AfterEach
    void stopProcesses() {
        processes.forEach(process -> {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        });
    }

    @Test
    void ssh_L_to_the_tasks_http_server_returns_its_page_and_is_audited() throws Exception {
        HttpResponse<String> page = ssh.pageThroughTunnel(route.loginName(), serverPort, processes,
                Duration.ofSeconds(30));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).isEqualTo("<h1>served from the task</h1>\n");
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.ALLOWED);
            assertThat(entry.getReason()).contains("owner", "port localhost:" + serverPort);
        });
    }

    @Test
    void openssh_with_its_default_ciphers_gets_aes_gcm_and_its_tunnel_works() throws Exception {
        // OpenSSH lists chacha20-poly1305 first; MINA runs it in plain Java (docs/decisions/0088)
        OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-v"), "echo", "through");
        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.out()).isEqualTo("through\n");
        assertThat(result.err()).contains("client->server cipher: aes128-gcm@openssh.com",
                "server->client cipher: aes128-gcm@openssh.com");
        HttpResponse<String> page = ssh.pageThroughTunnel(route.loginName(), serverPort, processes,
                Duration.ofSeconds(30));
        assertThat(page.body()).isEqualTo("<h1>served from the task</h1>\n");
    }

    @Test
    void openssh_that_allows_only_chacha20_still_connects() throws Exception {
        OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-v", "-c", "chacha20-poly1305@openssh.com"),
                "echo", "through");
        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.out()).isEqualTo("through\n");
        assertThat(result.err()).contains("server->client cipher: chacha20-poly1305@openssh.com");
    }

    @Test
    void a_port_of_a_process_outside_the_task_is_refused() throws Exception {
        try (ServerSocket gantrysOwn = new ServerSocket(0)) {
            OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-W", "127.0.0.1:" + gantrysOwn.getLocalPort()));
            assertThat(result.exit()).isNotZero();
            // MINA sends no reason with a refused channel: OpenSSH says "administratively prohibited",
            // the audit says why.
            assertThat(result.err()).contains("administratively prohibited");
            assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> assertThat(entry.getReason()).contains(
                    "Nothing in task " + route.describe() + " listens on port " + gantrysOwn.getLocalPort(),
                    "it listens on " + serverPort));
        }
        // The same account, but another task's process (its own directory, its own environment).
        int otherPort = TaskProcesses.httpServerBesideTask(target, processes);
        OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-W", "127.0.0.1:" + otherPort));
        assertThat(result.exit()).isNotZero();
        assertThat(result.err()).contains("administratively prohibited");
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED);
            assertThat(entry.getReason()).startsWith("port 127.0.0.1:" + otherPort + ": Nothing in task");
        });
    }

    @Test
    void another_host_is_refused_even_on_the_tasks_port() throws Exception {
        OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-W", "192.0.2.1:" + serverPort));
        assertThat(result.exit()).isNotZero();
        assertThat(result.err()).contains("administratively prohibited");
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> assertThat(entry.getReason()).isEqualTo(
                "port 192.0.2.1:" + serverPort + ": Only the task's own ports can be reached, on localhost; not 192.0.2.1:"
                        + serverPort));
    }

    @Test
    void ssh_W_speaks_to_the_tasks_port() throws Exception {
        Process stdio = new ProcessBuilder(ssh.sshCommand(route.loginName(), List.of("-W", "localhost:" + serverPort)))
                .start();
        processes.add(stdio);
        stdio.getOutputStream().write("GET /index.html HTTP/1.0\r\n\r\n".getBytes());
        stdio.getOutputStream().flush();
        String response = new String(stdio.getInputStream().readAllBytes());
        assertThat(stdio.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(response).startsWith("HTTP/1.0 200").endsWith("<h1>served from the task</h1>\n");
    }

    @Test
    void another_user_is_refused_and_audited() throws Exception {
        String intruder = "px" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, intruder, Role.USER);
        OpenSshClient theirs = OpenSshClient.withNewKey(gateway.port());
        keys.add(intruder, "laptop", theirs.publicKey());
        OpenSshClient.Result result = theirs.ssh(route.loginName(), List.of("-W", "localhost:" + serverPort));
        assertThat(result.exit()).isNotZero();
        assertThat(result.err()).contains("administratively prohibited");
        assertThat(audit.recentOf(intruder, 5)).singleElement().satisfies(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED);
            assertThat(entry.getReason()).isEqualTo("port localhost:" + serverPort + ": Only " + owner
                    + " may enter the tasks of " + route.jobId());
        });
    }
}
