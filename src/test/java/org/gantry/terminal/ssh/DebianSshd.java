package org.gantry.terminal.ssh;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's own OpenSSH server on a loopback port, started from a scratch directory with its
 * own host key and authorized keys: the real sshd that tasks' hosts run, for tests and benchmarks.
 * Needs root, as sshd does.
 */
final class DebianSshd implements AutoCloseable {

    static final Path SSHD = Path.of("/usr/sbin/sshd");

    final int port;
    final Path directory;
    final Path hostPublicKey;
    private final Process process;

    private DebianSshd(int port, Path directory, Process process) {
        this.port = port;
        this.directory = directory;
        this.hostPublicKey = directory.resolve("ssh_host_ed25519_key.pub");
        this.process = process;
    }

    static boolean available() {
        return Files.isExecutable(SSHD) && "root".equals(System.getProperty("user.name"));
    }

    /** Starts sshd letting {@code authorizedKeys} in (as any account); returns once it accepts connections. */
    static DebianSshd start(List<String> authorizedKeys) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("gantry-sshd-");
        // sshd reads authorized_keys as the logging-in account: the directory must let it in.
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("ssh_host_ed25519_key").toString());
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(authorized, String.join("\n", authorizedKeys) + "\n");
        Files.setPosixFilePermissions(authorized, PosixFilePermissions.fromString("rw-r--r--"));
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Path config = dir.resolve("sshd_config");
        Files.writeString(config, String.join("\n",
                "Port " + port,
                "ListenAddress 127.0.0.1",
                "HostKey " + dir.resolve("ssh_host_ed25519_key"),
                "PidFile " + dir.resolve("sshd.pid"),
                "AuthorizedKeysFile " + authorized,
                "StrictModes no",
                "UsePAM no",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "PermitRootLogin no",
                "PrintMotd no",
                "PrintLastLog no",
                "UseDNS no",
                "LogLevel ERROR",
                // as Debian's own sshd_config has it: SFTP to tasks on SSH hosts goes to this server
                "Subsystem sftp /usr/lib/openssh/sftp-server",
                "") + "\n");
        Files.createDirectories(Path.of("/run/sshd"));
        Process process = new ProcessBuilder(SSHD.toString(), "-D", "-e", "-f", config.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("sshd.log").toFile()).start();
        DebianSshd sshd = new DebianSshd(port, dir, process);
        sshd.awaitListening();
        return sshd;
    }

    String hostKeyLine() throws IOException {
        return Files.readString(hostPublicKey, StandardCharsets.US_ASCII).strip();
    }

    private void awaitListening() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("sshd exited: " + Files.readString(directory.resolve("sshd.log")));
            }
            try (Socket socket = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IOException("sshd did not listen on " + port);
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
