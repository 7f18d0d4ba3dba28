package org.gantry.terminal.proxy;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gantry.GantryApplication;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskProcesses;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalTestData;
import org.gantry.testsupport.RestClient;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Throughput of one large download through the browser proxy next to the same download straight
 * from the task's port, both from one HTTP server in a local task, rounds interleaved. Run by
 * bench/port-proxy.sh.
 */
public final class ProxyThroughputBench {

    private static final String SERVER = """
            import socket, sys, threading
            size = int(sys.argv[2]); chunk = b"\\0" * (1 << 20)
            server = socket.socket(); server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", int(sys.argv[1]))); server.listen(8)
            def answer(conn):
                try:
                    request = b""
                    while b"\\r\\n\\r\\n" not in request:
                        data = conn.recv(65536)
                        if not data:
                            return
                        request += data
                    conn.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Type: application/octet-stream\\r\\n"
                                 b"Content-Length: %d\\r\\nConnection: close\\r\\n\\r\\n" % size)
                    left = size
                    while left > 0:
                        left -= conn.send(chunk[:min(left, len(chunk))])
                except OSError:
                    pass
                finally:
                    conn.close()
            while True:
                conn, _ = server.accept()
                threading.Thread(target=answer, args=(conn,), daemon=True).start()
            """;

    private ProxyThroughputBench() {
    }

    public static void main(String[] args) throws Exception {
        int megabytes = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long size = megabytes * 1024L * 1024L;
        Path work = Files.createTempDirectory("gantry-proxy-bench-");
        List<Process> processes = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> processes.forEach(Process::destroy)));
        try (ConfigurableApplicationContext gantry = startGantry(work)) {
            int httpPort = Integer.parseInt(gantry.getEnvironment().getProperty("local.server.port"));
            TerminalTestData.user(gantry.getBean(UserService.class), "bench", Role.USER);
            String token = RestClient.anonymous(httpPort).login("bench", "bench-password").token();
            TaskShellTarget.Local task = TerminalTestData.localTask("bench", Map.of());
            TaskRoute route = TaskRoute.of("bench", "bench", "main", 0);
            gantry.getBean(StandInTaskResolver.class).running(route, task);
            int serverPort = TaskProcesses.freePort();
            Process server = TaskProcesses.startInTask(task, List.of("python3", "-c", SERVER,
                    Integer.toString(serverPort), Long.toString(size)));
            processes.add(server);
            TaskProcesses.awaitListening(serverPort, server);

            Map<String, URI> paths = new LinkedHashMap<>();
            paths.put("via Gantry's browser proxy", URI.create("http://127.0.0.1:" + httpPort
                    + ProxyTarget.path(route, serverPort) + "file.bin"));
            paths.put("direct to the task's port", URI.create("http://127.0.0.1:" + serverPort + "/file.bin"));
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            Map<String, List<Double>> rates = new LinkedHashMap<>();
            paths.keySet().forEach(name -> rates.put(name, new ArrayList<>()));
            paths.values().forEach(uri -> download(http, uri, token, size));  // warm-up
            for (int round = 0; round < rounds; round++) {
                for (Map.Entry<String, URI> path : paths.entrySet()) {
                    rates.get(path.getKey()).add(download(http, path.getValue(), token, size));
                }
            }
            System.out.printf("%n%d MB HTTP download, %d rounds interleaved (MB/s)%n", megabytes, rounds);
            System.out.printf("%-32s %8s %8s %8s%n", "path", "best", "median", "worst");
            List<Double> medians = new ArrayList<>();
            rates.forEach((name, list) -> {
                List<Double> sorted = new ArrayList<>(list);
                sorted.sort(null);
                double median = sorted.get(sorted.size() / 2);
                medians.add(median);
                System.out.printf("%-32s %8.1f %8.1f %8.1f%n", name, sorted.get(sorted.size() - 1), median,
                        sorted.get(0));
            });
            System.out.printf("%nProxy / direct (medians): %.2fx%n", medians.get(0) / medians.get(1));
        } finally {
            processes.forEach(process -> {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
            });
        }
    }

    /** One download, read and counted; MB/s. */
    private static double download(HttpClient http, URI uri, String token, long size) {
        byte[] buffer = new byte[1 << 16];
        long start = System.nanoTime();
        long total = 0;
        try {
            HttpResponse<InputStream> response = http.send(HttpRequest.newBuilder(uri)
                    .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofInputStream());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(uri + " answered " + response.statusCode());
            }
            try (InputStream in = response.body()) {
                for (int n; (n = in.read(buffer)) > 0; ) {
                    total += n;
                }
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        if (total != size) {
            throw new IllegalStateException("Received " + total + " bytes instead of " + size + " from " + uri);
        }
        return total / 1048576.0 / ((System.nanoTime() - start) / 1e9);
    }

    private static ConfigurableApplicationContext startGantry(Path work) {
        SpringApplication application = new SpringApplication(GantryApplication.class);
        return application.run("--gantry.data-dir=" + work.resolve("data"), "--server.port=0",
                "--gantry.terminal.ssh-port=0", "--gantry.admin-password=bench-admin-password",
                "--spring.main.banner-mode=off", "--logging.level.root=WARN", "--vaadin.launch-browser=false");
    }
}
