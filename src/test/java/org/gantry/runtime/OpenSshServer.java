package org.gantry.runtime;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Debian's OpenSSH server started for a test on a free loopback port, with a generated host
 * key and a generated client key. Logs in as a test account ({@code gantry-ssh-test}, created
 * with a home directory) when the test runs as root, else as the current user.
 */
public final class OpenSshServer implements AutoCloseable {

    public static final Path SSHD = Path.of("/usr/sbin/sshd");
    private static final String TEST_ACCOUNT = "gantry-ssh-test";

    private final Path dir;
    private final Path config;
    private final int port;
    private final String user;
    private final Path clientKey;
    private final String address;
    private final List<String> exec;
    private Process process;

    private OpenSshServer(Path dir, Path config, Process process, int port, String user, Path clientKey,
                          String address, List<String> exec) {
        this.address = address;
        this.exec = exec;
        this.dir = dir;
        this.config = config;
        this.process = process;
        this.port = port;
        this.user = user;
        this.clientKey = clientKey;
    }

    public static boolean available() {
        return Files.isExecutable(SSHD) && Files.isExecutable(Path.of("/usr/bin/ssh-keygen"));
    }

    public static OpenSshServer start(Path dir) throws Exception {
        return start(dir, Map.of());
    }

    /** Starts a server whose sessions get the given environment variables (sshd's SetEnv). */
    public static OpenSshServer start(Path dir, Map<String, String> sessionEnv) throws Exception {
        return start(dir, sessionEnv, "127.0.0.1", List.of());
    }

    /** Starts a server in the link's network namespace, listening on its address (see {@link #address()}). */
    public static OpenSshServer start(Path dir, SilentLink link) throws Exception {
        return start(dir, Map.of(), link.address(), link.exec());
    }

    private static OpenSshServer start(Path dir, Map<String, String> sessionEnv, String address, List<String> exec)
            throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        String user = System.getProperty("user.name");
        if (user.equals("root")) {
            user = TEST_ACCOUNT;
            if (run("id", "-u", user) != 0) {
                run("useradd", "--create-home", "--shell", "/bin/bash", user);
            }
            // useradd leaves the password "!", which OpenSSH without PAM treats as a locked account
            run("usermod", "-p", "*", user);
            Files.createDirectories(Path.of("/run/sshd"));
        }
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString());
        Path clientKey = dir.resolve("client_key");
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", clientKey.toString());
        Path authorized = Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
        Files.setPosixFilePermissions(authorized, PosixFilePermissions.fromString("rw-r--r--"));
        int port = freePort();
        Path config = Files.writeString(dir.resolve("sshd_config"), String.join("\n",
                "ListenAddress " + address,
                "HostKey " + dir.resolve("host_key"),
                "PidFile " + dir.resolve("sshd.pid"),
                "AuthorizedKeysFile " + authorized,
                "StrictModes no",
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "PubkeyAuthentication yes",
                "UsePAM no",
                "PermitRootLogin prohibit-password",
                "AllowUsers " + user,
                "Subsystem sftp internal-sftp",
                sessionEnv.isEmpty() ? "" : "SetEnv " + sessionEnv.entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" ")),
                ""));
        return new OpenSshServer(dir, config, listen(dir, config, port, address, exec), port, user, clientKey,
                address, exec);
    }

    private static Process listen(Path dir, Path config, int port, String address, List<String> exec)
            throws Exception {
        List<String> command = new java.util.ArrayList<>(exec);
        command.addAll(List.of(SSHD.toString(), "-D", "-e", "-f", config.toString(), "-p", Integer.toString(port)));
        Process sshd = new ProcessBuilder(command)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("sshd.log")
                        .toFile())).start();
        awaitPort(address, port, sshd, dir);
        return sshd;
    }

    /**
     * Cuts the link: kills (SIGKILL) the sshd processes serving the connections open now, as a
     * dropped connection or a rebooted host would end them; what they started detached runs on.
     * With {@code listening} false the listening sshd stops too, so that nobody can connect
     * until {@link #listenAgain}. Returns how many connection processes were killed.
     */
    public synchronized int cut(boolean listening) throws Exception {
        List<ProcessHandle> serving = process.toHandle().descendants()
                .filter(p -> p.info().command().filter(c -> c.endsWith("/sshd")).isPresent()).toList();
        serving.forEach(ProcessHandle::destroyForcibly);
        if (!listening) {
            close();
        }
        return serving.size();
    }

    /** Starts the listening sshd again on the same port after {@link #cut}{@code (false)}. */
    public synchronized void listenAgain() throws Exception {
        if (!process.isAlive()) {
            process = listen(dir, config, port, address, exec);
        }
    }

    /** The address it listens on: 127.0.0.1, or the address of its {@link SilentLink}. */
    public String address() {
        return address;
    }

    public int port() {
        return port;
    }

    public String user() {
        return user;
    }

    public Path clientKey() {
        return clientKey;
    }

    /** The user's home directory on the host (this machine). */
    public Path home() {
        return user.equals(System.getProperty("user.name")) ? Path.of(System.getProperty("user.home"))
                : Path.of("/home", user);
    }

    @Override
    public synchronized void close() throws Exception {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /** Waits until the sshd just started listens on the port; fails with its log when it exits. */
    public static void awaitPort(int port, Process sshd, Path dir) throws Exception {
        awaitPort("127.0.0.1", port, sshd, dir);
    }

    private static void awaitPort(String address, int port, Process sshd, Path dir) throws Exception {
        Instant end = Instant.now().plus(Duration.ofSeconds(20));
        while (Instant.now().isBefore(end)) {
            if (!sshd.isAlive()) {
                throw new IllegalStateException("sshd exited: " + Files.readString(dir.resolve("sshd.log")));
            }
            try (Socket ignored = new Socket(address, port)) {
                return;
            } catch (IOException e) {
                Thread.sleep(50);
            }
        }
        throw new IllegalStateException("sshd did not listen on " + port);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    private static int run(String... command) throws Exception {
        Process p = new ProcessBuilder(List.of(command)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        return p.waitFor();
    }
}
