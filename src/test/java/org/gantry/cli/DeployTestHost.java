package org.gantry.cli;

import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gantry.runtime.OpenSshServer;

/**
 * One test machine for the deploy: Debian's sshd on its own loopback port with its own host key
 * and configuration, which a test can stop and start again on the same port with the same key
 * (a machine that goes down and comes back). Logs in as {@code gantry-ssh-test} with the shared
 * client key, as {@code OpenSshServer} does.
 */
final class DeployTestHost implements AutoCloseable {

    static final String USER = "gantry-ssh-test";

    private final Path dir;
    private final int port;
    private Process sshd;

    private DeployTestHost(Path dir, int port) {
        this.dir = dir;
        this.port = port;
    }

    /** Skips the test unless Debian's sshd is installed and the tests run as root (to start sshd for an account). */
    static void assumeUsable() {
        assumeThat(OpenSshServer.available()).as("Debian's sshd").isTrue();
        assumeThat(System.getProperty("user.name")).as("root, to start sshd for a test account").isEqualTo("root");
    }

    /** Creates the test account and a client key in {@code dir} once; returns the key. */
    static Path clientKey(Path dir) throws Exception {
        if (run("id", "-u", USER) != 0) {
            run("useradd", "--create-home", "--shell", "/bin/bash", USER);
        }
        run("usermod", "-p", "*", USER);
        Files.createDirectories(Path.of("/run/sshd"));
        Path key = dir.resolve("client_key");
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key.toString());
        return key;
    }

    static DeployTestHost start(Path dir, Path clientKey) throws Exception {
        return start(dir, clientKey, USER);
    }

    /** A machine whose sshd lets {@code user} in with the client key; {@code root} for what only root may set up. */
    static DeployTestHost start(Path dir, Path clientKey, String user) throws Exception {
        Files.createDirectories(dir);
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Files.writeString(dir.resolve("sshd_config"), String.join("\n", "ListenAddress 127.0.0.1",
                "Port " + port, "HostKey " + dir.resolve("host_key"), "PidFile " + dir.resolve("sshd.pid"),
                "AuthorizedKeysFile " + clientKey + ".pub", "StrictModes no", "PasswordAuthentication no",
                "KbdInteractiveAuthentication no", "PubkeyAuthentication yes", "UsePAM no", "AllowUsers " + user,
                "PermitRootLogin " + (user.equals("root") ? "prohibit-password" : "no"),
                "Subsystem sftp internal-sftp", ""));
        DeployTestHost host = new DeployTestHost(dir, port);
        host.up();
        return host;
    }

    int port() {
        return port;
    }

    /** This host as a machine of a deploy inventory (the client key as {@code client_key} beside the inventory). */
    String inventoryEntry(String name, String roles) {
        return inventoryEntry(name, roles, USER);
    }

    String inventoryEntry(String name, String roles, String user) {
        return "  - name: " + name + "\n    address: 127.0.0.1\n    port: " + port + "\n    user: "
                + user + "\n    key: client_key\n    roles: " + roles + "\n";
    }

    void up() throws Exception {
        sshd = new ProcessBuilder("/usr/sbin/sshd", "-D", "-e", "-f", dir.resolve("sshd_config").toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("sshd.log").toFile())).start();
        org.gantry.runtime.OpenSshServer.awaitPort(port, sshd, dir);
    }

    void down() throws InterruptedException {
        sshd.destroy();
        if (!sshd.waitFor(10, TimeUnit.SECONDS)) {
            sshd.destroyForcibly().waitFor();
        }
    }

    /** The machine goes down with the connections open to it, as a machine that stops answering. */
    void crash() throws InterruptedException {
        List<ProcessHandle> connections = sshd.descendants().toList();
        down();
        connections.forEach(ProcessHandle::destroyForcibly);
    }

    @Override
    public void close() throws InterruptedException {
        if (sshd != null && sshd.isAlive()) {
            down();
        }
    }

    /** What {@code gantry admin deploy} printed and its exit code. */
    record DeployRun(int exit, String out) {
    }

    /** Runs {@code gantry admin deploy} on the inventory, signed in with the token file, with {@code extra} options. */
    static DeployRun deploy(Path inventory, Path tokenFile, String... extra) {
        StringWriter out = new StringWriter();
        List<String> args = new ArrayList<>(List.of("admin", "deploy", "--inventory=" + inventory,
                "--token-file=" + tokenFile, "--connect-timeout=5s"));
        args.addAll(List.of(extra));
        int exit = GantryCli.run(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(out, true));
        return new DeployRun(exit, out.toString());
    }

    static int run(String... command) throws Exception {
        return new ProcessBuilder(List.of(command)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }
}
