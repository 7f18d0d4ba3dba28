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
import java.util.Optional;
import java.util.concurrent.Callable;
import org.gantry.GantryApplication;
import org.gantry.base.ssh.SshEndpoint;
import org.gantry.runtime.SlurmCluster;
import org.gantry.terminal.LocalShells;
import org.gantry.terminal.OsAccount;
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
 * Gantry's gateway to a local task, to the same task seen as a task on an SSH host (the
 * gateway's onward connection to Debian's sshd on loopback, docs/decisions/0058), to a task in a
 * Slurm allocation of a one-node cluster when Slurm is installed (a bridge step of its job,
 * docs/decisions/0070), and OpenSSH's client through Debian's sshd on loopback, each to a server
 * in the task that sends a fixed number of bytes per connection. Run by bench/port-forward.sh;
 * needs root for sshd and Slurm.
 */
public final class ForwardThroughputBench {

    /** Sends {@code size} zero bytes ($2) to every connection to its port ($1, on 127.0.0.1 or on $3), then closes it. */
    static final String SENDER = """
            import socket, sys
            size = int(sys.argv[2]); chunk = b"\\0" * (1 << 20)
            server = socket.socket(); server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            server.bind((sys.argv[3] if len(sys.argv) > 3 else "127.0.0.1", int(sys.argv[1]))); server.listen(8)
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
        SlurmCluster cluster = SlurmCluster.missing().isEmpty() && (wanted("gateway, task in Slurm")
                || wanted("gateway, Slurm, open port") || wanted("bridge step alone, no ssh"))
                ? SlurmCluster.start(Files.createTempDirectory("gantry-forward-bench-slurm-")) : null;
        try (DebianSshd sshd = started;
             ConfigurableApplicationContext gantry = startGantry(work);
             AutoCloseable slurm = cluster == null ? () -> { } : cluster) {
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

            Map<String, Callable<Double>> tunnels = new LinkedHashMap<>();
            tunnels.put("gateway, local task", tunnel(processes, key, gateway.port(), route.loginName(), serverPort,
                    size));
            // the same task and sender, reached as a task on an SSH host: the gateway's onward connection to sshd
            TaskRoute onHost = TaskRoute.of("bench", "bench-host", "main", 0);
            SshEndpoint host = new SshEndpoint("127.0.0.1", sshd.port, task.osAccount(), key,
                    Optional.of(new MinaSshKeyCodec().parse(sshd.hostKeyLine()).fingerprint()), Optional.empty());
            gantry.getBean(StandInTaskResolver.class).running(onHost, new TaskShellTarget.SshHost(host,
                    task.workingDirectory().toString(), task.environment(), task.initScript()));
            tunnels.put("gateway, task on an SSH host", tunnel(processes, key, gateway.port(), onHost.loginName(),
                    serverPort, size));
            if (cluster != null) {
                TaskRoute inSlurm = TaskRoute.of("bench", "bench-slurm", "main", 0);
                int slurmPort = TaskProcesses.freePort();
                int openPort = TaskProcesses.freePort();
                TaskShellTarget.Slurm slurmTask = new TaskShellTarget.Slurm(
                        senderJob(cluster, task, slurmPort, openPort, size), task.osAccount(), Optional.empty(),
                        Optional.of(task.workingDirectory().toString()), Map.of("SLURM_CONF", cluster.conf().toString()),
                        Optional.empty());
                gantry.getBean(StandInTaskResolver.class).running(inSlurm, slurmTask);
                TaskProcesses.awaitListening(slurmPort, null, 120);
                TaskProcesses.awaitListening(openPort, null, 120);
                // a sender on the node's loopback is reached through a bridge step of the job
                tunnels.put("gateway, task in Slurm", tunnel(processes, key, gateway.port(), inSlurm.loginName(),
                        slurmPort, size));
                // one listening on all the node's addresses straight over the network (gantry.terminal.slurm-direct)
                tunnels.put("gateway, Slurm, open port", tunnel(processes, key, gateway.port(), inSlurm.loginName(),
                        openPort, size));
                // the gateway's bridge step on its own, read straight from srun's output: Slurm's share
                tunnels.put("bridge step alone, no ssh", () -> bridgeStep(task, slurmTask, cluster, slurmPort, size));
            } else if (!SlurmCluster.missing().isEmpty()) {
                System.out.println("Slurm is not usable here (" + SlurmCluster.missing() + "): no Slurm row");
            }
            String sshdRow = "Debian's sshd";
            tunnels.put(sshdRow, tunnel(processes, key, sshd.port, task.osAccount(), serverPort, size));
            tunnels.keySet().removeIf(name -> !name.equals(sshdRow) && !wanted(name));
            Map<String, List<Double>> rates = new LinkedHashMap<>();
            tunnels.keySet().forEach(name -> rates.put(name, new ArrayList<>()));
            for (Callable<Double> warmUp : tunnels.values()) {
                warmUp.call();
            }
            for (int round = 0; round < rounds; round++) {
                for (Map.Entry<String, Callable<Double>> tunnel : tunnels.entrySet()) {
                    double rate = tunnel.getValue().call();
                    System.out.printf("round %d  %-32s %8.1f MB/s%n", round + 1, tunnel.getKey(), rate);
                    rates.get(tunnel.getKey()).add(rate);
                }
            }
            System.out.printf("%n%d MB through ssh -L, %d rounds interleaved (MB/s)%n", megabytes, rounds);
            Map<String, Double> medians = new LinkedHashMap<>();
            rates.forEach((name, list) -> {
                List<Double> sorted = new ArrayList<>(list);
                sorted.sort(null);
                medians.put(name, sorted.get(sorted.size() / 2));
            });
            System.out.printf("%-32s %8s %8s %8s %10s%n", "ssh -L via", "best", "median", "worst", "/ sshd");
            rates.forEach((name, list) -> {
                List<Double> sorted = new ArrayList<>(list);
                sorted.sort(null);
                double ratio = medians.get(name) / medians.get(sshdRow);
                System.out.printf("%-32s %8.1f %8.1f %8.1f %9.2fx%s%n", name, sorted.get(sorted.size() - 1),
                        medians.get(name), sorted.get(0), ratio, !name.startsWith("gateway") ? ""
                                : ratio >= 0.7 ? "  (target >= 0.70x met)" : "  (target >= 0.70x MISSED)");
            });
        } finally {
            processes.forEach(process -> {
                process.descendants().forEach(ProcessHandle::destroy);
                process.destroy();
            });
        }
    }

    /**
     * Whether a row is measured: all of them unless {@code -Dbench.rows} lists some (comma-separated parts of
     * their names, e.g. {@code -Dbench.rows=host,Slurm}); Debian's sshd, the anchor, always is.
     */
    private static boolean wanted(String row) {
        String rows = System.getProperty("bench.rows", "").strip();
        return rows.isEmpty() || java.util.Arrays.stream(rows.split(",")).map(String::strip)
                .anyMatch(part -> !part.isEmpty() && row.contains(part));
    }

    /** A Slurm batch job as the task's account that runs two senders in its allocation, one on the node's loopback ({@code port}), one on all its addresses ({@code openPort}); its job id. */
    private static String senderJob(SlurmCluster cluster, TaskShellTarget.Local task, int port, int openPort, long size)
            throws Exception {
        cluster.openToTaskAccounts();
        Path script = task.workingDirectory().resolve("sender.py");
        Files.writeString(script, SENDER);
        script.toFile().setReadable(true, false);
        OsAccount account = OsAccount.lookup(task.osAccount()).orElseThrow();
        ProcessBuilder sbatch = new ProcessBuilder("sbatch", "--parsable", "--uid=" + account.uid(),
                "--gid=" + account.gid(), "--chdir=" + task.workingDirectory(), "--output=/dev/null",
                "--wrap=python3 sender.py " + port + " " + size + " & python3 sender.py " + openPort + " " + size
                        + " 0.0.0.0 & wait").redirectErrorStream(true);
        sbatch.environment().put("SLURM_CONF", cluster.conf().toString());
        Process submitted = sbatch.start();
        String out = new String(submitted.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (submitted.waitFor() != 0 || !out.matches("[0-9]+(;.*)?")) {
            throw new IllegalStateException("sbatch failed: " + out);
        }
        return out.split(";")[0];
    }

    /**
     * The Slurm row's bridge step ({@link SlurmSteps#BRIDGE} by {@link LocalShells#srunStep}) started
     * as the task's account without the gateway, its output counted; MB/s.
     */
    private static double bridgeStep(TaskShellTarget.Local task, TaskShellTarget.Slurm slurm, SlurmCluster cluster,
                                     int port, long size) throws Exception {
        List<String> command = new ArrayList<>(List.of("env", "SLURM_CONF=" + cluster.conf()));
        command.addAll(LocalShells.srunStep(slurm, List.of("bash", "-c", SlurmSteps.BRIDGE, "gantry-bridge",
                Integer.toString(port))));
        OsAccount account = OsAccount.lookup(task.osAccount()).orElseThrow();
        List<String> argv = new ArrayList<>(List.of("setpriv", "--reuid=" + account.uid(), "--regid=" + account.gid(),
                "--init-groups", "--"));
        argv.addAll(command);
        Process step = new ProcessBuilder(argv).directory(task.workingDirectory().toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] buffer = new byte[1 << 16];
        long start = System.nanoTime();
        long total = 0;
        try (InputStream in = step.getInputStream()) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                total += n;
            }
        }
        step.waitFor();
        long payload = total - ("gantry-connected".length() + 1);
        if (payload != size) {
            throw new IllegalStateException("The bridge step gave " + payload + " bytes instead of " + size);
        }
        return payload / 1048576.0 / ((System.nanoTime() - start) / 1e9);
    }

    private static Callable<Double> tunnel(List<Process> processes, Path key, int sshPort, String login, int serverPort,
                                           long size) throws Exception {
        int local = TaskProcesses.freePort();
        Process ssh = new ProcessBuilder("ssh", "-N", "-i", key.toString(), "-o", "IdentitiesOnly=yes",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-o", "ExitOnForwardFailure=yes", "-L", local + ":127.0.0.1:" + serverPort,
                "-p", Integer.toString(sshPort), login + "@127.0.0.1").inheritIO().start();
        processes.add(ssh);
        TaskProcesses.awaitListening(local, ssh);
        return () -> receive(local, size);
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
