package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.InputStream;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.SlurmCluster;
import org.gantry.security.Role;
import org.gantry.terminal.OsAccount;
import org.gantry.terminal.TaskHostPorts;
import org.gantry.terminal.TaskProcesses;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalTestData;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A task in a real Slurm allocation (Debian's slurmctld and slurmd on free ports) whose batch job
 * runs {@code python3 -m http.server} and a WebSocket echo server, reached through the gateway
 * with Debian's OpenSSH client and through the browser proxy: {@code ssh -L}, {@code ssh -W},
 * {@code scp}, {@code sftp} and the proxy, each through a step of the job ({@code srun --overlap}).
 * One cluster, one job, one test: the cluster takes most of the time.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SlurmOnwardChannelsIT extends GatewayITSupport {

    @TempDir
    static Path clusterDir;

    private static SlurmCluster cluster;
    private static String slurmJobId;
    private static TaskShellTarget.Local task;
    private static int serverPort;
    private static int echoPort;
    private static int openPort;

    @LocalServerPort
    int webPort;

    @Autowired
    OnwardPorts hostPorts;

    private final List<Process> processes = new ArrayList<>();

    @BeforeAll
    static void jobServingHttpInAnAllocation() throws Exception {
        assumeTrue(SlurmCluster.missing().isEmpty(), "Slurm is not usable here: " + SlurmCluster.missing());
        assumeTrue(OpenSshClient.available(), "Debian's OpenSSH client is not installed");
        cluster = SlurmCluster.start(clusterDir);
        cluster.openToTaskAccounts();
        task = TerminalTestData.localTask("train", Map.of());
        Path work = task.workingDirectory();
        Files.writeString(work.resolve("index.html"), "<h1>served in the allocation</h1>\n");
        try (InputStream in = SlurmOnwardChannelsIT.class.getResourceAsStream("/proxy/echo_server.py")) {
            Files.copy(in, work.resolve("echo_server.py"));
        }
        work.resolve("echo_server.py").toFile().setReadable(true, false);
        serverPort = TaskProcesses.freePort();
        echoPort = TaskProcesses.freePort();
        openPort = TaskProcesses.freePort();
        OsAccount account = OsAccount.lookup(task.osAccount()).orElseThrow();
        String id = cluster.run(List.of("sbatch", "--parsable", "--uid=" + account.uid(), "--gid=" + account.gid(),
                "--chdir=" + work, "--output=/dev/null", "--wrap=export GANTRY_WORK_DIR=$PWD; "
                        + "python3 -m http.server " + serverPort + " --bind 127.0.0.1 & python3 echo_server.py "
                        + echoPort + " & python3 -m http.server " + openPort + " --bind 0.0.0.0 & wait"));
        slurmJobId = id.strip().split(";")[0];
        TaskProcesses.awaitListening(serverPort, null, 60);
        TaskProcesses.awaitListening(echoPort, null, 60);
        TaskProcesses.awaitListening(openPort, null, 60);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.run(List.of("scancel", slurmJobId));
            cluster.close();
        }
    }

    @Test
    void forwarding_files_and_the_proxy_reach_the_allocation_for_its_owner_only() throws Exception {
        ownerWithKeyAndRunningTask("so", Map.of());
        TaskShellTarget.Slurm inSlurm = new TaskShellTarget.Slurm(slurmJobId, task.osAccount(), Optional.empty(),
                Optional.of(task.workingDirectory().toString()), Map.of("SLURM_CONF", cluster.conf().toString()),
                Optional.empty());
        tasks.running(route, inSlurm);
        OpenSshClient ssh = OpenSshClient.withNewKey(gateway.port());
        keys.add(owner, "openssh", ssh.publicKey());
        Path local = Files.createTempDirectory("gantry-slurm-onward-");
        try {
            sshLReachesTheServer(ssh);
            aPortOpenBeyondTheNodesLoopbackIsReachedStraight(ssh, inSlurm);
            otherPortsAreRefused(ssh);
            scpKeepsTheBytesBothWays(ssh, local);
            sftpStaysInTheJail(ssh, local);
            theProxyServesPageAndWebSocketToTheOwnerOnly();
            anotherUserIsRefused(local);
        } finally {
            processes.forEach(process -> {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
            });
            tasks.forget(route);
        }
    }

    /**
     * A server listening on all of the node's addresses is reached over the network, not through a step's
     * standard I/O; one on the node's loopback only still goes through a bridge step.
     */
    private void aPortOpenBeyondTheNodesLoopbackIsReachedStraight(OpenSshClient ssh, TaskShellTarget.Slurm inSlurm)
            throws Exception {
        try (TaskHostPorts.Connection open = hostPorts.connect(inSlurm, openPort);
             TaskHostPorts.Connection loopback = hostPorts.connect(inSlurm, serverPort)) {
            assertThat(open).isInstanceOf(OnwardPorts.Direct.class);
            assertThat(loopback).isNotInstanceOf(OnwardPorts.Direct.class);
            for (TaskHostPorts.Connection connection : List.of(open, loopback)) {
                connection.output().write("GET /index.html HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                connection.output().flush();
                assertThat(new String(connection.input().readAllBytes(), StandardCharsets.UTF_8))
                        .startsWith("HTTP/1.0 200").endsWith("<h1>served in the allocation</h1>\n");
            }
        }
        HttpResponse<String> page = ssh.pageThroughTunnel(route.loginName(), openPort, processes, Duration.ofSeconds(60));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).isEqualTo("<h1>served in the allocation</h1>\n");
    }

    private void sshLReachesTheServer(OpenSshClient ssh) throws Exception {
        HttpResponse<String> page = ssh.pageThroughTunnel(route.loginName(), serverPort, processes,
                Duration.ofSeconds(60));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).isEqualTo("<h1>served in the allocation</h1>\n");
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.ALLOWED);
            assertThat(entry.getReason()).contains("owner", "port localhost:" + serverPort,
                    "srun into Slurm job " + slurmJobId);
        });

        Process stdio = new ProcessBuilder(ssh.sshCommand(route.loginName(), List.of("-W", "localhost:" + serverPort)))
                .start();
        processes.add(stdio);
        stdio.getOutputStream().write("GET /index.html HTTP/1.0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        stdio.getOutputStream().flush();
        String response = new String(stdio.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(stdio.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(response).startsWith("HTTP/1.0 200").endsWith("<h1>served in the allocation</h1>\n");
    }

    private void otherPortsAreRefused(OpenSshClient ssh) throws Exception {
        // a port of Gantry's own, on the node's machine here
        try (ServerSocket gantrysOwn = new ServerSocket(0)) {
            OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-W", "127.0.0.1:" + gantrysOwn.getLocalPort()));
            assertThat(result.exit()).isNotZero();
            assertThat(result.err()).contains("administratively prohibited");
            assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> assertThat(entry.getReason()).contains(
                    "Nothing in task " + route.describe() + " listens on port " + gantrysOwn.getLocalPort(),
                    String.valueOf(serverPort), String.valueOf(echoPort)));
        }
        // the allocation's owner on the same node, but a process outside the job
        int otherPort = TaskProcesses.httpServerBesideTask(task, processes);
        OpenSshClient.Result result = ssh.ssh(route.loginName(), List.of("-W", "127.0.0.1:" + otherPort));
        assertThat(result.exit()).isNotZero();
        assertThat(result.err()).contains("administratively prohibited");
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> assertThat(entry.getReason())
                .startsWith("port 127.0.0.1:" + otherPort + ": Nothing in task"));
    }

    private void scpKeepsTheBytesBothWays(OpenSshClient ssh, Path local) throws Exception {
        ssh.scpRoundTrip(route.loginName(), local, task.workingDirectory(), 70);
        assertThat(audit.recentOf(owner, 5)).anySatisfy(entry -> assertThat(entry.getReason())
                .contains("owner; files of " + task.workingDirectory() + " of Slurm job " + slurmJobId));
    }

    private void sftpStaysInTheJail(OpenSshClient ssh, Path local) throws Exception {
        Path batch = local.resolve("batch");
        Files.writeString(batch, String.join("\n",
                "pwd",
                "cd ..",
                "pwd",
                "ls -1 /",
                "-get /../../../etc/hostname " + local.resolve("escaped-1"),
                "-get ../etc/hostname " + local.resolve("escaped-2"),
                "-put " + batch + " /../../tmp/gantry-escaped-" + owner,
                "get index.html " + local.resolve("index.html"),
                "") + "\n");
        OpenSshClient.Result result = ssh.tool("sftp", List.of("-b", batch.toString(), route.loginName() + "@127.0.0.1"));
        assertThat(result.exit()).as(result.toString()).isZero();
        assertThat(result.out()).contains("Remote working directory: /\n").contains("/index.html")
                .doesNotContain("/bin\n", "/usr\n");
        assertThat(local.resolve("escaped-1")).doesNotExist();
        assertThat(local.resolve("escaped-2")).doesNotExist();
        assertThat(Path.of("/tmp/gantry-escaped-" + owner)).doesNotExist();
        assertThat(local.resolve("index.html")).hasContent("<h1>served in the allocation</h1>");
    }

    private void theProxyServesPageAndWebSocketToTheOwnerOnly() throws Exception {
        String token = RestClient.anonymous(webPort).login(owner, owner + "-password").token();
        String prefix = "/jobs/" + route.jobId() + "/proxy/worker/0/";
        HttpResponse<String> page = ProxyProbe.get(webPort, prefix + serverPort + "/index.html", token);
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        assertThat(page.body()).isEqualTo("<h1>served in the allocation</h1>\n");
        assertThat(ProxyProbe.echo(webPort, prefix + echoPort + "/ws", token, List.of("hello node", "and again")))
                .containsExactly("hello node", "and again");

        RestClient stranger = RestClient.newUser(webPort, "sx");
        HttpResponse<String> refused = ProxyProbe.get(webPort, prefix + serverPort + "/index.html", stranger.token());
        assertThat(refused.statusCode()).isEqualTo(404);
        assertThat(refused.body()).doesNotContain("served in the allocation").contains("There is no such page");
    }

    private void anotherUserIsRefused(Path local) throws Exception {
        String intruder = "sx" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, intruder, Role.USER);
        OpenSshClient theirs = OpenSshClient.withNewKey(gateway.port());
        keys.add(intruder, "laptop", theirs.publicKey());
        OpenSshClient.Result forward = theirs.ssh(route.loginName(), List.of("-W", "localhost:" + serverPort));
        assertThat(forward.exit()).isNotZero();
        assertThat(forward.out()).doesNotContain("served");
        OpenSshClient.Result scp = theirs.tool("scp", List.of(route.loginName() + "@127.0.0.1:index.html",
                local.resolve("stolen").toString()));
        assertThat(scp.exit()).isNotZero();
        assertThat(local.resolve("stolen")).doesNotExist();
        assertThat(audit.recentOf(intruder, 10)).hasSizeGreaterThanOrEqualTo(2).allSatisfy(entry ->
                assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED));
    }
}
