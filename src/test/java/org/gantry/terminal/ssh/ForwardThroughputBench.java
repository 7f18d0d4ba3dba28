package org.gantry.terminal.ssh;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.gantry.GantryApplication;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskProcesses;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalTestData;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Throughput of {@code ssh -L} into a task, side by side in one run: OpenSSH's client through
 * Gantry's gateway, and OpenSSH's client through Debian's sshd on loopback, both to the same
 * server in the task that sends a fixed number of bytes per connection. Run by
 * bench/port-forward.sh; needs root for sshd.
 */
public final class ForwardThroughputBench {

    private static final String SENDER = """
            import socket, sys
            size = int(sys.argv[2]); chunk = b"\\0" * (1 << 20)
            server = socket.socket(); server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind(("127.0.0.1", int(sys.argv[1]))); server.listen(8)
            while True:
                conn, _ = server.accept()
                left = size
                try:
                    while left > 0:
                        left -= conn.send(chunk[:min(left, len(chunk))])
                except OSError:
                    pass  # a probe that connected and left
                conn.close()
            """;

    private ForwardThroughputBench() {
    }

    public static void main(String[] args) throws Exception {
        int megabytes = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        long size = megabytes * 1024L * 1024L;
        Path work = Files.createTempDirectory("gantry-forward-bench-");
        Path key = work.resolve("id_ed25519");
        new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString()).inheritIO().start()
                .waitFor();
        String publicKey = Files.readString(Path.of(key + ".pub"), StandardCharsets.US_ASCII).strip();
        List<Process> processes = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> processes.forEach(Process::destroy)));
        DebianSshd started = DebianSshd.start(List.of(publicKey));
        try (DebianSshd sshd = started;
             ConfigurableApplicationContext gantry = startGantry(work)) {
            SshGateway gateway = gantry.getBean(SshGateway.class);
            TerminalTestData.user(gantry.getBean(UserService.class), "bench", Role.USER);
            gantry.getBean(SshKeyService.class).add("bench", "bench", publicKey);
            TaskShellTarget.Local task = TerminalTestData.localTask("bench", Map.of());
            TaskRoute route = TaskRoute.of("bench", "bench", "main", 0);
            gantry.getBean(StandInTaskResolver.class).running(route, task);
            int serverPort = TaskProcesses.freePort();
            Process sender = TaskProcesses.startInTask(task, List.of("python3", "-c", SENDER,
                    Integer.toString(serverPort), Long.toString(size)));
            processes.add(sender);
            TaskProcesses.awaitListening(serverPort, sender);

            Map<String, Integer> tunnels = new LinkedHashMap<>();
            tunnels.put("ssh -L via Gantry's gateway", tunnel(processes, key, gateway.port(), route.loginName(),
                    serverPort));
            tunnels.put("ssh -L via Debian's sshd", tunnel(processes, key, sshd.port, task.osAccount(), serverPort));
            Map<String, List<Double>> rates = new LinkedHashMap<>();
            tunnels.keySet().forEach(name -> rates.put(name, new ArrayList<>()));
            tunnels.values().forEach(port -> receive(port, size));  // warm-up
            for (int round = 0; round < rounds; round++) {
                for (Map.Entry<String, Integer> tunnel : tunnels.entrySet()) {
                    rates.get(tunnel.getKey()).add(receive(tunnel.getValue(), size));
                }
            }
            System.out.printf("%n%d MB through ssh -L, %d rounds interleaved (MB/s)%n", megabytes, rounds);
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
            double ratio = medians.get(0) / medians.get(1);
            System.out.printf("%nGateway / sshd (medians): %.2fx  (target >= 0.70x: %s)%n", ratio,
                    ratio >= 0.7 ? "met" : "MISSED");
        } finally {
            processes.forEach(process -> {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
            });
        }
    }

    private static int tunnel(List<Process> processes, Path key, int sshPort, String login, int serverPort)
            throws Exception {
        int local = TaskProcesses.freePort();
        Process ssh = new ProcessBuilder("ssh", "-N", "-i", key.toString(), "-o", "IdentitiesOnly=yes",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-o", "ExitOnForwardFailure=yes", "-L", local + ":127.0.0.1:" + serverPort,
                "-p", Integer.toString(sshPort), login + "@127.0.0.1").inheritIO().start();
        processes.add(ssh);
        TaskProcesses.awaitListening(local, ssh);
        return local;
    }

    /** Reads one connection's bytes; MB/s. */
    private static double receive(int port, long size) {
        byte[] buffer = new byte[1 << 16];
        long start = System.nanoTime();
        long total = 0;
        try (Socket socket = new Socket("127.0.0.1", port); InputStream in = socket.getInputStream()) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                total += n;
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        if (total != size) {
            throw new IllegalStateException("Received " + total + " bytes instead of " + size);
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
