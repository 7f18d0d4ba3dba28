package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.channel.LocalWindow;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.gantry.base.ssh.SshEndpoint;
import org.gantry.security.Role;
import org.gantry.terminal.TaskHostPorts;
import org.gantry.terminal.TaskProcesses;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalTestData;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A task on an SSH host (Debian's sshd on a loopback port, logged in to as the task's account)
 * reached through the gateway with Debian's OpenSSH client, and through the browser proxy over
 * REST: {@code ssh -L}, {@code scp}, {@code sftp} and the proxy all go over the onward SSH
 * connection. The task's own process runs {@code python3 -m http.server} and a WebSocket echo
 * server (src/test/resources/proxy/echo_server.py).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OnwardChannelsIT extends GatewayITSupport {

    private static DebianSshd sshd;
    private static Path identityFile;

    @LocalServerPort
    int webPort;

    @Autowired
    OnwardPorts hostPorts;

    private final List<Process> processes = new ArrayList<>();
    private TaskShellTarget.SshHost onHost;
    private OpenSshClient ssh;
    private int serverPort;
    private int echoPort;
    private Path local;

    @BeforeAll
    static void startSshd() throws Exception {
        assumeTrue(DebianSshd.available() && OpenSshClient.available(),
                "Debian's openssh-server and client are not installed or the tests do not run as root");
        KeyPair gantryIdentity = GatewayTestClient.newKey();
        identityFile = Files.createTempFile("gantry-identity", "");
        try (var out = Files.newOutputStream(identityFile)) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(gantryIdentity, "gantry", null, out);
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
    void taskOnTheSshHostServingHttp() throws Exception {
        ownerWithKeyAndRunningTask("oc", Map.of());
        SshEndpoint host = new SshEndpoint("127.0.0.1", sshd.port, target.osAccount(), identityFile,
                Optional.of(new MinaSshKeyCodec().parse(sshd.hostKeyLine()).fingerprint()), Optional.empty());
        onHost = new TaskShellTarget.SshHost(host, target.workingDirectory().toString(), target.environment(),
                target.initScript());
        tasks.running(route, onHost);
        ssh = OpenSshClient.withNewKey(gateway.port());
        keys.add(owner, "openssh", ssh.publicKey());
        local = Files.createTempDirectory("gantry-onward-");
        Files.writeString(target.workingDirectory().resolve("index.html"), "<h1>served on the task's host</h1>\n");
        Path script = target.workingDirectory().resolve("echo_server.py");
        try (InputStream in = getClass().getResourceAsStream("/proxy/echo_server.py")) {
            Files.copy(in, script);
        }
        script.toFile().setReadable(true, false);
        serverPort = TaskProcesses.freePort();
        Process server = TaskProcesses.startInTask(target, List.of("python3", "-m", "http.server",
                Integer.toString(serverPort), "--bind", "127.0.0.1"));
        processes.add(server);
        echoPort = TaskProcesses.freePort();
        Process echo = TaskProcesses.startInTask(target, List.of("python3", script.toString(), Integer.toString(echoPort)));
        processes.add(echo);
        TaskProcesses.awaitListening(serverPort, server);
        TaskProcesses.awaitListening(echoPort, echo);
    }

    @AfterEach
    void stopProcesses() {
        processes.forEach(process -> {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        });
        tasks.forget(route);
    }

    @Test
    void a_task_sending_faster_than_its_reader_is_held_back_by_the_window_not_buffered_in_gantry() throws Exception {
        // Bug: the onward channel gave the host its window back as bytes arrived, not as they were read: a task
        // sending faster than the SSH client took its bytes filled Gantry's memory, and every read copied the whole
        // backlog (ssh -L to a task on an SSH host fell from ~100 MB/s to ~3 MB/s in some rounds)
        long size = 64L << 20;
        int port = TaskProcesses.freePort();
        Process sender = TaskProcesses.startInTask(target, List.of("python3", "-c", ForwardThroughputBench.SENDER,
                Integer.toString(port), Long.toString(size)));
        processes.add(sender);
        TaskProcesses.awaitListening(port, sender);

        try (TaskHostPorts.Connection connection = hostPorts.connect(onHost, port)) {
            LocalWindow window = ((OnwardPorts.Onward) connection).channel().getLocalWindow();
            long granted = window.getMaxSize();
            // nothing reads: the host sends until the window it was given is used up, then waits
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (window.getSize() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(window.getSize()).as("window left to the host while nothing reads").isZero();
            assertThat((long) connection.input().available()).isLessThanOrEqualTo(granted);

            // reading gives the window back, and every byte arrives
            long total = 0;
            byte[] buffer = new byte[1 << 16];
            for (int n; (n = connection.input().read(buffer)) > 0; ) {
                total += n;
            }
            assertThat(total).isEqualTo(size);
        }
    }

    @Test
    void ssh_L_reaches_the_tasks_server_on_its_host_and_nothing_else() throws Exception {
        HttpResponse<String> page = ssh.pageThroughTunnel(route.loginName(), serverPort, processes,
                Duration.ofSeconds(30));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).isEqualTo("<h1>served on the task's host</h1>\n");
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.ALLOWED);
            assertThat(entry.getReason()).contains("owner", "port localhost:" + serverPort, "ssh to ");
        });

        // a port of Gantry's own, on the same machine as the host here
        try (ServerSocket gantrysOwn = new ServerSocket(0)) {
            OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-W", "127.0.0.1:" + gantrysOwn.getLocalPort()));
            assertThat(result.exit()).isNotZero();
            assertThat(result.err()).contains("administratively prohibited");
            assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> assertThat(entry.getReason()).contains(
                    "Nothing in task " + route.describe() + " listens on port " + gantrysOwn.getLocalPort(),
                    "it listens on ", String.valueOf(serverPort)));
        }
        // the host's login, but another task's process (its own directory)
        int otherPort = TaskProcesses.httpServerBesideTask(target, processes);
        OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-W", "127.0.0.1:" + otherPort));
        assertThat(result.exit()).isNotZero();
        assertThat(result.err()).contains("administratively prohibited");
        // another host, even on the task's port
        OpenSshClient.Result otherHost = ssh.ssh(route.loginName(), List.of("-W", "192.0.2.1:" + serverPort));
        assertThat(otherHost.exit()).isNotZero();
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> assertThat(entry.getReason())
                .startsWith("port 127.0.0.1:" + otherPort + ": Nothing in task"));
    }

    @Test
    void ssh_W_carries_a_request_and_its_answer_both_ways() throws Exception {
        Process stdio = new ProcessBuilder(ssh.sshCommand(route.loginName(), List.of("-W", "localhost:" + serverPort)))
                .start();
        processes.add(stdio);
        stdio.getOutputStream().write("GET /index.html HTTP/1.0\r\n\r\n".getBytes());
        stdio.getOutputStream().flush();
        String response = new String(stdio.getInputStream().readAllBytes());
        assertThat(stdio.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(response).startsWith("HTTP/1.0 200").endsWith("<h1>served on the task's host</h1>\n");
    }

    @Test
    void scp_in_and_out_keeps_the_bytes() throws Exception {
        ssh.scpRoundTrip(route.loginName(), local, target.workingDirectory(), 20);
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> assertThat(entry.getReason())
                .contains("owner; files of " + target.workingDirectory() + " on "));
    }

    @Test
    void sftp_cannot_leave_the_jail_though_the_hosts_login_could() throws Exception {
        Files.writeString(target.workingDirectory().resolve("inside.txt"), "inside\n");
        // another task's directory on the same host: the host's login may read it, the jail must not let sftp
        Path neighbour = Files.createTempDirectory("gantry-neighbour-task-");
        Files.writeString(neighbour.resolve("secret"), "the neighbour's secret\n");
        Process chown = new ProcessBuilder("chown", "-R", target.osAccount() + ":", neighbour.toString()).start();
        assertThat(chown.waitFor(30, TimeUnit.SECONDS) && chown.exitValue() == 0).isTrue();
        Path work = target.workingDirectory();
        Files.createSymbolicLink(work.resolve("dir-link"), neighbour);
        Files.createSymbolicLink(work.resolve("secret-link"), neighbour.resolve("secret"));
        Files.createSymbolicLink(work.resolve("dangling-link"), neighbour.resolve("planted-through-link"));
        Path batch = local.resolve("batch");
        Files.writeString(batch, String.join("\n",
                "pwd",
                "cd ..",
                "pwd",
                "ls -1 /",
                "-get /../../../etc/hostname " + local.resolve("escaped-1"),
                "-get ../etc/hostname " + local.resolve("escaped-2"),
                "-get dir-link/secret " + local.resolve("escaped-3"),
                "-get secret-link " + local.resolve("escaped-4"),
                "-put " + batch + " /../../tmp/gantry-escaped-" + owner,
                "-put " + batch + " dir-link/planted",
                "-put " + batch + " dangling-link",
                "get inside.txt " + local.resolve("inside.txt"),
                "") + "\n");
        OpenSshClient.Result result = ssh.tool("sftp", List.of("-b", batch.toString(), route.loginName() + "@127.0.0.1"));
        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.out()).contains("Remote working directory: /\n").contains("/inside.txt")
                .doesNotContain("/bin\n", "/usr\n");
        for (int i = 1; i <= 4; i++) {
            assertThat(local.resolve("escaped-" + i)).as(result.toString()).doesNotExist();
        }
        assertThat(Path.of("/tmp/gantry-escaped-" + owner)).doesNotExist();
        assertThat(neighbour.resolve("planted")).doesNotExist();
        assertThat(neighbour.resolve("planted-through-link")).doesNotExist();
        assertThat(local.resolve("inside.txt")).hasContent("inside");
    }

    @Test
    void the_browser_proxy_serves_the_owner_and_nobody_else() throws Exception {
        String token = RestClient.anonymous(webPort).login(owner, owner + "-password").token();
        String prefix = "/jobs/" + route.jobId() + "/proxy/worker/0/";
        HttpResponse<String> page = ProxyProbe.get(webPort, prefix + serverPort + "/index.html", token);
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).isEqualTo("<h1>served on the task's host</h1>\n");
        assertThat(ProxyProbe.echo(webPort, prefix + echoPort + "/ws", token, List.of("hello kernel")))
                .containsExactly("hello kernel");

        RestClient stranger = RestClient.newUser(webPort, "ox");
        HttpResponse<String> refused = ProxyProbe.get(webPort, prefix + serverPort + "/index.html", stranger.token());
        assertThat(refused.statusCode()).isEqualTo(404);
        assertThat(refused.body()).doesNotContain("served on the task's host").contains("There is no such page");
    }

    @Test
    void another_user_is_refused_on_every_channel() throws Exception {
        String intruder = "ox" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, intruder, Role.USER);
        OpenSshClient theirs = OpenSshClient.withNewKey(gateway.port());
        keys.add(intruder, "laptop", theirs.publicKey());
        Files.writeString(target.workingDirectory().resolve("secret.txt"), "secret\n");
        OpenSshClient.Result forward = theirs.ssh(route.loginName(), List.of("-W", "localhost:" + serverPort));
        assertThat(forward.exit()).isNotZero();
        assertThat(forward.out()).doesNotContain("served");
        Path batch = local.resolve("batch");
        Files.writeString(batch, "get secret.txt " + local.resolve("stolen-1") + "\n");
        OpenSshClient.Result sftp = theirs.tool("sftp", List.of("-b", batch.toString(), route.loginName() + "@127.0.0.1"));
        assertThat(sftp.exit()).isNotZero();
        assertThat(sftp.err()).contains("Only " + owner + " may enter the tasks of " + route.jobId());
        OpenSshClient.Result scp = theirs.tool("scp", List.of(route.loginName() + "@127.0.0.1:secret.txt",
                local.resolve("stolen-2").toString()));
        assertThat(scp.exit()).isNotZero();
        OpenSshClient.Result shell = theirs.ssh(route.loginName(), List.of(), "cat secret.txt");
        assertThat(shell.exit()).isNotZero();
        assertThat(shell.out()).doesNotContain("secret");
        assertThat(local.resolve("stolen-1")).doesNotExist();
        assertThat(local.resolve("stolen-2")).doesNotExist();
        assertThat(audit.recentOf(intruder, 10)).hasSizeGreaterThanOrEqualTo(4).allSatisfy(entry ->
                assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED));
    }
}
