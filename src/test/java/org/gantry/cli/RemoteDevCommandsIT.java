package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskProcesses;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalTestData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The CLI's remote development commands as a user runs them, against the gateway and a task of
 * {@link StandInTaskResolver} with a real server process as the task's account:
 * {@code gantry job ssh-config} (used unchanged by {@code ssh -F}, as an IDE's SSH extension
 * would), {@code gantry job forward} and {@code gantry job cp}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RemoteDevCommandsIT {

    @LocalServerPort
    int port;

    @Autowired
    UserService users;

    @Autowired
    StandInTaskResolver tasks;

    @TempDir
    Path cliHome;

    @Test
    void the_printed_host_block_enters_the_task_with_ssh_F() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/ssh")), "OpenSSH's client is not installed");
        String user = "cfg" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, user, Role.USER);
        tasks.running(TaskRoute.of(user, "train", "worker", 1), TerminalTestData.localTask("train", Map.of()));
        CliProcess.Result login = gantry(user + "-password\n", "login", "--server", "http://localhost:" + port,
                "-u", user, "--password-stdin");
        assertThat(login.exitCode()).as(login.err()).isZero();

        CliProcess.Result printed = gantry("", "job", "ssh-config", user + "~train", "worker", "1");
        assertThat(printed.exitCode()).as(printed.err()).isZero();
        String alias = "gantry-" + user + "-train-worker-1";
        assertThat(printed.out()).startsWith("Host " + alias + "\n")
                .contains("    User " + user + "~train~worker~1\n", "    IdentityFile \"" + cliHome.resolve("id_ed25519"));
        Path config = cliHome.resolve("ssh_config");
        Files.writeString(config, printed.out());

        Process ssh = new ProcessBuilder(List.of("ssh", "-F", config.toString(), "-o", "BatchMode=yes", alias,
                "echo job=$GANTRY_JOB_NAME; exit 4")).start();
        String out = new String(ssh.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(ssh.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(ssh.waitFor()).as(err).isEqualTo(4);
        assertThat(out).isEqualTo("job=train\n");
    }

    @Test
    void forward_prints_the_local_url_that_reaches_the_tasks_server_and_cp_copies_both_ways() throws Exception {
        String user = "fwd" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, user, Role.USER);
        TaskShellTarget.Local task = TerminalTestData.localTask("train", Map.of());
        tasks.running(TaskRoute.of(user, "train", "worker", 0), task);
        gantry(user + "-password\n", "login", "--server", "http://localhost:" + port, "-u", user, "--password-stdin");

        Path upload = cliHome.resolve("upload.txt");
        Files.writeString(upload, "from the laptop\n");
        CliProcess.Result in = gantry("", "job", "cp", upload.toString(), user + "~train:page.html");
        assertThat(in.exitCode()).as(in.err()).isZero();
        assertThat(task.workingDirectory().resolve("page.html")).hasContent("from the laptop");

        int taskPort = TaskProcesses.freePort();
        Process server = TaskProcesses.startInTask(task, List.of("python3", "-m", "http.server",
                Integer.toString(taskPort), "--bind", "127.0.0.1"));
        int localPort = TaskProcesses.freePort();
        Path out = cliHome.resolve("forward.out");
        Process forward = new CliProcess(cliHome).start(out, "job", "forward", user + "~train", "worker", "0",
                taskPort + ":" + localPort);
        try {
            TaskProcesses.awaitListening(taskPort, server);
            TaskProcesses.awaitListening(localPort, forward, 180);
            assertThat(Files.readString(out)).contains("http://localhost:" + localPort + "/  ->  port " + taskPort
                    + " of " + user + "~train~worker~0");
            HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + localPort + "/page.html")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(page.body()).isEqualTo("from the laptop\n");
        } finally {
            forward.descendants().forEach(ProcessHandle::destroy);
            forward.destroy();
            server.destroy();
        }

        Path back = cliHome.resolve("back.txt");
        CliProcess.Result outOfTask = gantry("", "job", "cp", user + "~train~worker~0:/page.html", back.toString());
        assertThat(outOfTask.exitCode()).as(outOfTask.err()).isZero();
        assertThat(back).hasContent("from the laptop");
    }

    @Test
    void debug_forwards_the_debuggers_port_and_prints_the_attach_configuration() throws Exception {
        String user = "dbg" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, user, Role.USER);
        TaskShellTarget.Local task = TerminalTestData.localTask("train", Map.of());
        tasks.running(TaskRoute.of(user, "train", "worker", 0), task);
        gantry(user + "-password\n", "login", "--server", "http://localhost:" + port, "-u", user, "--password-stdin");

        // A stand-in for debugpy, which cannot be installed here (no PyPI): a listener in the task that
        // answers a Debug Adapter Protocol "initialize" request the way debugpy's adapter does.
        int debugPort = TaskProcesses.freePort();
        Process debuggee = TaskProcesses.startInTask(task, List.of("python3", "-c", String.join("\n",
                "import socket",
                "s = socket.create_server(('127.0.0.1', " + debugPort + "))",
                "body = b'{\"seq\": 1, \"type\": \"response\", \"request_seq\": 1, \"command\": \"initialize\", \"success\": true}'",
                // Every connection is served, as debugpy's adapter does: connections that close early (the
                // test's own wait for the port) must not end it.
                "while True:",
                "    c, _ = s.accept()",
                "    try:",
                "        if b'initialize' in c.recv(65536):",
                "            c.sendall(b'Content-Length: %d\\r\\n\\r\\n' % len(body) + body)",
                "    except OSError:",
                "        pass",
                "    finally:",
                "        c.close()")));
        int localPort = TaskProcesses.freePort();
        Path out = cliHome.resolve("debug.out");
        Process debug = new CliProcess(cliHome).start(out, "job", "debug", user + "~train", "worker", "0", "--python",
                "--port", Integer.toString(debugPort), "--local-port", Integer.toString(localPort));
        try {
            TaskProcesses.awaitListening(debugPort, debuggee);
            try {
                TaskProcesses.awaitListening(localPort, debug, 180);
            } catch (IOException e) {
                throw new IOException(e.getMessage() + "; gantry job debug said:\n" + Files.readString(out), e);
            }
            assertThat(Files.readString(out))
                    .contains("python -m debugpy --listen localhost:" + debugPort + " --wait-for-client")
                    .contains("\"type\": \"debugpy\",", "\"request\": \"attach\",",
                            "\"connect\": { \"host\": \"localhost\", \"port\": " + localPort + " },",
                            "{ \"localRoot\": \"${workspaceFolder}\", \"remoteRoot\": \"" + task.workingDirectory() + "\" }")
                    .contains("gantry job ssh-config " + user + "~train worker 0")
                    .contains("<project root>  =  " + task.workingDirectory());
            try (java.net.Socket ide = new java.net.Socket("127.0.0.1", localPort)) {
                String request = "{\"seq\": 1, \"type\": \"request\", \"command\": \"initialize\"}";
                ide.getOutputStream().write(("Content-Length: " + request.length() + "\r\n\r\n" + request)
                        .getBytes(StandardCharsets.UTF_8));
                String answer = new String(ide.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(answer).startsWith("Content-Length: ").contains("\"command\": \"initialize\", \"success\": true");
            }
        } finally {
            debug.descendants().forEach(ProcessHandle::destroy);
            debug.destroy();
            debuggee.destroy();
        }
    }

    @Test
    void debug_names_the_task_as_the_job_commands_take_it() {
        assertThat(JobDebugCommand.taskWords("a~b~worker~1")).isEqualTo("a~b worker 1");
        assertThat(JobDebugCommand.taskWords("a~b")).isEqualTo("a~b");
        assertThat(JobDebugCommand.launchJson("x \"q\"", 5678, "C:\\src", "/w")).contains("\"name\": \"x \\\"q\\\"\"",
                "\"localRoot\": \"C:\\\\src\"");
    }

    @Test
    void forward_reads_task_role_index_and_ports_apart() {
        JobForwardCommand.Split split = JobForwardCommand.split(List.of("a~b", "worker", "1", "8888", "6006:16006"));
        assertThat(split.task()).containsExactly("a~b", "worker", "1");
        assertThat(split.ports()).satisfiesExactly(p -> assertThat(p).containsExactly(8888, 8888),
                p -> assertThat(p).containsExactly(6006, 16006));
        assertThat(JobForwardCommand.split(List.of("a~b", "worker", "8888")).task()).containsExactly("a~b", "worker");
        assertThat(JobForwardCommand.split(List.of("a~b", "8888", "1")).task()).containsExactly("a~b");
    }

    @Test
    void another_users_job_is_refused() throws Exception {
        String user = "cfg" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, user, Role.USER);
        gantry(user + "-password\n", "login", "--server", "http://localhost:" + port, "-u", user, "--password-stdin");
        CliProcess.Result refused = gantry("", "job", "ssh-config", "admin~train");
        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("403", "Only admin may enter the tasks of admin~train");
        assertThat(refused.out()).isEmpty();
    }

    private CliProcess.Result gantry(String stdin, String... args) throws IOException, InterruptedException {
        return new CliProcess(cliHome).run(stdin, args);
    }
}
