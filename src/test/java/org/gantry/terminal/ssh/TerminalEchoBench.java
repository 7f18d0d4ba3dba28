package org.gantry.terminal.ssh;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelShell;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.util.security.SecurityUtils;
import org.apache.sshd.core.CoreModuleProperties;
import org.gantry.GantryApplication;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.LocalShells;
import org.gantry.terminal.ShellRequest;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.StandInTaskResolver;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShell;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalSize;
import org.gantry.terminal.TerminalTestData;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Keystroke echo latency and flood behaviour of a task's shell, side by side in one run:
 * OpenSSH's client through Gantry's gateway (pty4j bash as the task account), OpenSSH's
 * client to Debian's sshd (bash as the same account), and MINA's client through the gateway,
 * the hop the browser terminal takes. Run by bench/terminal-echo.sh; needs root for sshd.
 */
public final class TerminalEchoBench {

    private static final int WARMUP_KEYS = 200;

    private TerminalEchoBench() {
    }

    public static void main(String[] args) throws Exception {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int rounds = 10;
        Path work = Files.createTempDirectory("gantry-echo-bench-");
        Path key = work.resolve("id_ed25519");
        new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString()).inheritIO().start()
                .waitFor();
        String publicKey = Files.readString(Path.of(key + ".pub"), StandardCharsets.US_ASCII).strip();
        KeyPair keyPair = SecurityUtils.loadKeyPairIdentities(null, () -> "bench", Files.newInputStream(key), null)
                .iterator().next();

        DebianSshd started = DebianSshd.start(List.of(publicKey));
        Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        try (DebianSshd sshd = started;
             ConfigurableApplicationContext gantry = startGantry(work)) {
            SshGateway gateway = gantry.getBean(SshGateway.class);
            TerminalTestData.user(gantry.getBean(UserService.class), "bench", Role.USER);
            gantry.getBean(SshKeyService.class).add("bench", "bench", publicKey);
            TaskShellTarget.Local task = TerminalTestData.localTask("bench", Map.of());
            TaskRoute route = TaskRoute.of("bench", "bench", "main", 0);
            gantry.getBean(StandInTaskResolver.class).running(route, task);

            SshClient mina = SshClient.setUpDefaultClient();
            CoreModuleProperties.TCP_NODELAY.set(mina, true);
            mina.start();
            Map<String, EchoProbe> probes = new LinkedHashMap<>();
            probes.put("OpenSSH client -> Gantry gateway -> pty4j bash",
                    openSsh("gateway", key, gateway.port(), route.loginName()));
            probes.put("OpenSSH client -> Debian sshd -> bash", openSsh("sshd", key, sshd.port, task.osAccount()));
            probes.put("MINA client (browser path) -> Gantry gateway", minaShell(mina, keyPair, gateway.port(),
                    route.loginName()));
            probes.put("Java -> pty4j bash, no SSH (floor)", ptyOnly(task, route));
            for (EchoProbe probe : probes.values()) {
                probe.prepare();
                probe.keystrokes(WARMUP_KEYS);
            }
            Map<String, List<Long>> samples = new LinkedHashMap<>();
            probes.keySet().forEach(name -> samples.put(name, new ArrayList<>()));
            // Interleaved rounds, so every path sees the same moments of a busy machine.
            for (int round = 0; round < rounds; round++) {
                for (Map.Entry<String, EchoProbe> probe : probes.entrySet()) {
                    samples.get(probe.getKey()).addAll(probe.getValue().keystrokes(keys / rounds));
                }
            }
            Map<String, EchoProbe.Flood> floods = new LinkedHashMap<>();
            for (Map.Entry<String, EchoProbe> probe : probes.entrySet()) {
                floods.put(probe.getKey(), probe.getValue().flood(5));
            }
            report(keys, samples, floods);
            for (EchoProbe probe : probes.values()) {
                probe.close();
            }
            mina.stop();
        }
    }

    private static void report(int keys, Map<String, List<Long>> samples, Map<String, EchoProbe.Flood> floods) {
        System.out.printf("%nKeystroke echo, %d keys per path (ms)%n", keys);
        System.out.printf("%-50s %8s %8s %8s %8s%n", "path", "p50", "p90", "p99", "max");
        Map<String, double[]> stats = new LinkedHashMap<>();
        samples.forEach((name, nanos) -> {
            double[] s = {percentile(nanos, 50), percentile(nanos, 90), percentile(nanos, 99), percentile(nanos, 100)};
            stats.put(name, s);
            System.out.printf("%-50s %8.3f %8.3f %8.3f %8.3f%n", name, s[0], s[1], s[2], s[3]);
        });
        System.out.printf("%nFlood: `yes` for 5 s, then Ctrl-C%n");
        System.out.printf("%-50s %10s %14s %16s%n", "path", "MB/s", "Ctrl-C (ms)", "bytes after ^C");
        floods.forEach((name, flood) -> System.out.printf("%-50s %10.1f %14.1f %16d%n", name,
                flood.megabytesPerSecond(), flood.stopMillis(), flood.bytesAfterStop()));
        List<String> names = new ArrayList<>(stats.keySet());
        double[] gateway = stats.get(names.get(0));
        double[] openSsh = stats.get(names.get(1));
        EchoProbe.Flood gatewayFlood = floods.get(names.get(0));
        System.out.printf("%nTargets (gateway with OpenSSH's client)%n");
        check("p50 <= 5 ms", gateway[0] <= 5, "%.3f ms", gateway[0]);
        check("p99 <= 15 ms", gateway[2] <= 15, "%.3f ms", gateway[2]);
        check("p50 within 1.5x of OpenSSH", gateway[0] <= 1.5 * openSsh[0], "%.2fx", gateway[0] / openSsh[0]);
        check("p99 within 1.5x of OpenSSH", gateway[2] <= 1.5 * openSsh[2], "%.2fx", gateway[2] / openSsh[2]);
        check("flood >= 10 MB/s", gatewayFlood.megabytesPerSecond() >= 10, "%.1f MB/s",
                gatewayFlood.megabytesPerSecond());
    }

    private static void check(String target, boolean met, String format, double value) {
        System.out.printf("  %-30s %-10s %s%n", target, String.format(format, value), met ? "met" : "MISSED");
    }

    private static double percentile(List<Long> nanos, int percentile) {
        List<Long> sorted = new ArrayList<>(nanos);
        sorted.sort(null);
        int index = Math.max(0, (int) Math.ceil(percentile / 100.0 * sorted.size()) - 1);
        return sorted.get(index) / 1e6;
    }

    private static EchoProbe openSsh(String name, Path key, int port, String login) throws Exception {
        ProcessBuilder builder = new ProcessBuilder("ssh", "-tt", "-i", key.toString(), "-o", "IdentitiesOnly=yes",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                "-p", Integer.toString(port), login + "@127.0.0.1");
        builder.environment().put("TERM", "xterm-256color");
        builder.redirectErrorStream(true);
        Process ssh = builder.start();
        // A bench that dies must not leave sessions behind on the sshd it started.
        Runtime.getRuntime().addShutdownHook(new Thread(ssh::destroy));
        return new EchoProbe(name, ssh.getInputStream(), ssh.getOutputStream(), ssh::destroy);
    }

    private static EchoProbe minaShell(SshClient client, KeyPair key, int port, String login) throws Exception {
        ClientSession session = client.connect(login, "127.0.0.1", port).verify(30_000).getSession();
        session.addPublicKeyIdentity(key);
        session.auth().verify(30_000);
        ChannelShell channel = session.createShellChannel();
        channel.setPtyType("xterm-256color");
        channel.open().verify(30_000);
        return new EchoProbe("mina", channel.getInvertedOut(), channel.getInvertedIn(), () -> session.close(true));
    }

    /** The same shell without SSH: what pty4j alone costs, the floor under the gateway's figures. */
    private static EchoProbe ptyOnly(TaskShellTarget.Local task, TaskRoute route) throws Exception {
        TaskShell shell = new LocalShells().open(task, route, new ShellRequest(Optional.empty(),
                Optional.of(new ShellRequest.Pty("xterm-256color", TerminalSize.DEFAULT)), Map.of()));
        return new EchoProbe("pty4j", shell.output(), shell.input(), shell::close);
    }

    private static ConfigurableApplicationContext startGantry(Path work) {
        SpringApplication application = new SpringApplication(GantryApplication.class);
        return application.run("--gantry.data-dir=" + work.resolve("data"), "--server.port=0",
                "--gantry.terminal.ssh-port=0", "--gantry.admin-password=bench-admin-password",
                "--spring.main.banner-mode=off", "--logging.level.root=WARN", "--vaadin.launch-browser=false");
    }
}
