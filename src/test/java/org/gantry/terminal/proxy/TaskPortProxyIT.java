package org.gantry.terminal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskProcesses;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalAuditEntry;
import org.gantry.terminal.TerminalAuditService;
import org.gantry.terminal.TerminalTestData;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The browser proxy to a task's ports, over real HTTP and a real WebSocket: the task's own
 * processes (as its OS account) run {@code python3 -m http.server} and a standard-library
 * WebSocket and echo server (src/test/resources/proxy/echo_server.py).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TaskPortProxyIT {

    @LocalServerPort
    int port;

    @Autowired
    StandInTaskResolver tasks;

    @Autowired
    TerminalAuditService audit;

    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
    private final List<Process> processes = new ArrayList<>();
    private RestClient owner;
    private TaskRoute route;
    private TaskShellTarget.Local target;
    private int httpPort;
    private int echoPort;

    @BeforeEach
    void taskWithTwoServers() throws Exception {
        owner = RestClient.newUser(port, "px");
        route = TaskRoute.of(owner.username(), "notebook", "worker", 0);
        target = TerminalTestData.localTask("notebook", Map.of());
        tasks.running(route, target);
        Files.writeString(target.workingDirectory().resolve("index.html"), "<h1>served from the task</h1>\n");
        Path data = Files.createDirectory(target.workingDirectory().resolve("data"));
        Files.writeString(data.resolve("metrics.csv"), "step,loss\n1,0.5\n");
        data.toFile().setReadable(true, false);
        data.toFile().setExecutable(true, false);
        Path script = target.workingDirectory().resolve("echo_server.py");
        try (InputStream in = getClass().getResourceAsStream("/proxy/echo_server.py")) {
            Files.copy(in, script);
        }
        script.toFile().setReadable(true, false);
        httpPort = TaskProcesses.freePort();
        Process server = TaskProcesses.startInTask(target, List.of("python3", "-m", "http.server",
                Integer.toString(httpPort), "--bind", "127.0.0.1"));
        processes.add(server);
        echoPort = TaskProcesses.freePort();
        Process echo = TaskProcesses.startInTask(target, List.of("python3", script.toString(), Integer.toString(echoPort)));
        processes.add(echo);
        TaskProcesses.awaitListening(httpPort, server);
        TaskProcesses.awaitListening(echoPort, echo);
    }

    @AfterEach
    void stop() {
        processes.forEach(process -> {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
        });
        tasks.forget(route);
    }

    private String prefix(int taskPort) {
        return "/jobs/" + route.jobId() + "/proxy/worker/0/" + taskPort;
    }

    private HttpResponse<String> get(String path, String token) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(60));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void the_owner_gets_the_tasks_page_and_the_visit_is_audited() throws Exception {
        HttpResponse<String> page = get(prefix(httpPort) + "/index.html", owner.token());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).isEqualTo("<h1>served from the task</h1>\n");

        // http.server's own redirect to the directory's slash comes back under the prefix
        HttpResponse<String> directory = get(prefix(httpPort) + "/data", owner.token());
        assertThat(directory.statusCode()).isEqualTo(301);
        assertThat(directory.headers().firstValue("Location")).contains(prefix(httpPort) + "/data/");
        HttpResponse<String> listing = get(prefix(httpPort) + "/data/", owner.token());
        assertThat(listing.statusCode()).isEqualTo(200);
        assertThat(listing.body()).contains("metrics.csv");

        assertThat(audit.recentOf(owner.username(), 5)).anySatisfy(entry -> {
            assertThat(entry.getVia()).isEqualTo(TerminalAuditEntry.Via.PROXY);
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.ALLOWED);
            assertThat(entry.getReason()).contains("owner", "port 127.0.0.1:" + httpPort);
        });
    }

    @Test
    void the_port_without_its_slash_redirects_to_it() throws Exception {
        HttpResponse<String> bare = get(prefix(httpPort) + "?a=1", owner.token());
        assertThat(bare.statusCode()).isEqualTo(302);
        assertThat(bare.headers().firstValue("Location").orElseThrow()).endsWith(prefix(httpPort) + "/?a=1");
    }

    @Test
    void a_websocket_echo_works_through_the_proxy() throws Exception {
        LinkedBlockingQueue<String> received = new LinkedBlockingQueue<>();
        WebSocket socket = http.newWebSocketBuilder().header("Authorization", "Bearer " + owner.token())
                .buildAsync(URI.create("ws://127.0.0.1:" + port + prefix(echoPort) + "/ws"), new WebSocket.Listener() {
                    private final StringBuilder text = new StringBuilder();

                    @Override
                    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
                        text.append(data);
                        if (last) {
                            received.add(text.toString());
                            text.setLength(0);
                        }
                        webSocket.request(1);
                        return null;
                    }
                }).get(60, TimeUnit.SECONDS);
        socket.sendText("hello kernel", true).get(30, TimeUnit.SECONDS);
        assertThat(received.poll(30, TimeUnit.SECONDS)).isEqualTo("hello kernel");
        String big = "x".repeat(200_000);
        socket.sendText(big, true).get(30, TimeUnit.SECONDS);
        assertThat(received.poll(30, TimeUnit.SECONDS)).isEqualTo(big);
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").get(30, TimeUnit.SECONDS);
    }

    @Test
    void bodies_stream_both_ways_in_either_framing() throws Exception {
        byte[] pattern = new byte[1 << 16];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i * 31);
        }
        int times = 384;
        MessageDigest sent = MessageDigest.getInstance("SHA-256");
        for (int i = 0; i < times; i++) {
            sent.update(pattern);
        }
        String expected = HexFormat.of().formatHex(sent.digest()) + " " + (long) pattern.length * times + "\n";
        URI digest = URI.create("http://127.0.0.1:" + port + prefix(echoPort) + "/digest");
        // unknown length: chunked from the client, chunked again to the task
        HttpRequest chunked = HttpRequest.newBuilder(digest).header("Authorization", "Bearer " + owner.token())
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> repeated(pattern, times))).build();
        // known length: Content-Length on both sides
        HttpRequest sized = HttpRequest.newBuilder(digest).header("Authorization", "Bearer " + owner.token())
                .POST(HttpRequest.BodyPublishers.fromPublisher(
                        HttpRequest.BodyPublishers.ofInputStream(() -> repeated(pattern, times)),
                        (long) pattern.length * times))
                .build();
        for (HttpRequest request : List.of(chunked, sized)) {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo(expected);
        }

        // a chunked answer of 24 MiB, read as it streams
        HttpResponse<InputStream> download = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + prefix(echoPort) + "/bytes?n=" + (long) pattern.length * times))
                .header("Authorization", "Bearer " + owner.token()).build(), HttpResponse.BodyHandlers.ofInputStream());
        assertThat(download.statusCode()).isEqualTo(200);
        MessageDigest got = MessageDigest.getInstance("SHA-256");
        long length = 0;
        try (InputStream body = download.body()) {
            byte[] buffer = new byte[65536];
            for (int n = body.read(buffer); n >= 0; n = body.read(buffer)) {
                got.update(buffer, 0, n);
                length += n;
            }
        }
        assertThat(HexFormat.of().formatHex(got.digest()) + " " + length + "\n").isEqualTo(expected);
    }

    @Test
    void redirects_and_cookies_stay_under_the_prefix_and_gantrys_own_credentials_stay_behind() throws Exception {
        HttpResponse<String> go = get(prefix(echoPort) + "/go", owner.token());
        assertThat(go.statusCode()).isEqualTo(302);
        assertThat(go.headers().firstValue("Location")).contains(prefix(echoPort) + "/landing");
        assertThat(go.headers().allValues("Set-Cookie")).containsExactly("pet=cat; Path=" + prefix(echoPort) + "/");

        HttpResponse<String> seen = http.send(HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + prefix(echoPort) + "/seen?q=1"))
                .header("Authorization", "Bearer " + owner.token())
                .header("Cookie", "JSESSIONID=gantrys-own; theme=dark").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(seen.statusCode()).isEqualTo(200);
        assertThat(seen.body()).startsWith("GET /seen?q=1 HTTP/1.1\n")
                .containsIgnoringCase("X-Forwarded-Prefix: " + prefix(echoPort) + "\n")
                .containsIgnoringCase("Cookie: theme=dark\n")
                .containsIgnoringCase("Host: 127.0.0.1:" + port + "\n")
                .containsIgnoringCase("Connection: close\n")
                .doesNotContain("JSESSIONID", owner.token())
                // Java's client asks the proxy for h2c; that is the browser's own hop, not the task's
                .doesNotContainIgnoringCase("Authorization").doesNotContainIgnoringCase("Upgrade");

        HttpResponse<String> full = get("/jobs/" + route.jobId() + "/proxy-full/worker/0/" + echoPort + "/seen",
                owner.token());
        assertThat(full.body()).startsWith("GET /jobs/" + route.jobId() + "/proxy-full/worker/0/" + echoPort + "/seen ");
    }

    @Test
    void another_user_gets_404_for_every_path_and_the_websocket() throws Exception {
        RestClient intruder = RestClient.newUser(port, "py");
        HttpResponse<String> page = get(prefix(httpPort) + "/index.html", intruder.token());
        assertThat(page.statusCode()).isEqualTo(404);
        assertThat(page.body()).contains("There is no such page").doesNotContain("served from the task", route.jobId());
        assertThat(get(prefix(httpPort), intruder.token()).statusCode()).isEqualTo(404);
        CompletableFuture<WebSocket> socket = http.newWebSocketBuilder()
                .header("Authorization", "Bearer " + intruder.token())
                .buildAsync(URI.create("ws://127.0.0.1:" + port + prefix(echoPort) + "/ws"), new WebSocket.Listener() { });
        assertThat(socket).failsWithin(Duration.ofSeconds(60)).withThrowableThat()
                .withStackTraceContaining("404");
        assertThat(audit.recentOf(intruder.username(), 5)).isNotEmpty().allSatisfy(entry -> {
            assertThat(entry.getOutcome()).isEqualTo(TerminalAuditEntry.Outcome.REFUSED);
            assertThat(entry.getReason()).contains("Only " + owner.username() + " may enter");
        });
    }

    @Test
    void the_owner_gets_404_with_the_reason_for_a_port_the_task_does_not_own() throws Exception {
        try (ServerSocket gantrysOwn = new ServerSocket(0)) {
            HttpResponse<String> page = get(prefix(gantrysOwn.getLocalPort()) + "/", owner.token());
            assertThat(page.statusCode()).isEqualTo(404);
            assertThat(page.body()).contains("Nothing in task " + route.describe() + " listens on port "
                    + gantrysOwn.getLocalPort());
        }
        assertThat(get(prefix(port) + "/", owner.token()).statusCode()).isEqualTo(404);
        assertThat(get("/jobs/" + route.jobId() + "/proxy/worker/0/99999/", owner.token()).statusCode()).isEqualTo(400);
    }

    @Test
    void without_a_login_the_browser_is_sent_to_sign_in_and_a_bad_token_is_refused() throws Exception {
        HttpResponse<String> anonymous = get(prefix(httpPort) + "/index.html", null);
        assertThat(anonymous.statusCode()).isEqualTo(302);
        assertThat(anonymous.headers().firstValue("Location").orElseThrow()).endsWith("/login");
        assertThat(get(prefix(httpPort) + "/index.html", "not-a-token").statusCode()).isEqualTo(401);
    }

    private static InputStream repeated(byte[] chunk, int times) {
        return new InputStream() {
            private int index;
            private int position;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (index >= times) {
                    return -1;
                }
                int n = Math.min(len, chunk.length - position);
                System.arraycopy(chunk, position, b, off, n);
                position += n;
                if (position == chunk.length) {
                    position = 0;
                    index++;
                }
                return n;
            }
        };
    }

}
