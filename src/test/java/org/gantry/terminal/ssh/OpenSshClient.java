package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.gantry.terminal.TaskProcesses;

/**
 * Debian's OpenSSH client ({@code ssh}, {@code scp}, {@code sftp}) with a key of its own in a
 * scratch directory, talking to the gateway on loopback: what users run against Gantry.
 */
final class OpenSshClient {

    static final Path SSH = Path.of("/usr/bin/ssh");

    final Path directory;
    final Path key;
    final int port;

    private OpenSshClient(Path directory, int port) {
        this.directory = directory;
        this.key = directory.resolve("id_ed25519");
        this.port = port;
    }

    static boolean available() {
        return Files.isExecutable(SSH) && Files.isExecutable(Path.of("/usr/bin/ssh-keygen"));
    }

    /** A client with a new ed25519 key, for the gateway on {@code port}. */
    static OpenSshClient withNewKey(int port) throws IOException, InterruptedException {
        OpenSshClient client = new OpenSshClient(Files.createTempDirectory("gantry-openssh-"), port);
        Result keygen = run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", client.key.toString()), 30);
        if (keygen.exit() != 0) {
            throw new IOException("ssh-keygen failed: " + keygen);
        }
        return client;
    }

    String publicKey() throws IOException {
        return Files.readString(Path.of(key + ".pub"), StandardCharsets.US_ASCII).strip();
    }

    /** Options every command here passes: this key only, no known_hosts, no user configuration; INFO shows why a channel was refused. */
    List<String> options() {
        return List.of("-F", "/dev/null", "-i", key.toString(), "-o", "IdentitiesOnly=yes",
                "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
                "-o", "LogLevel=INFO");
    }

    /**
     * {@code ssh -N -L LOCAL:localhost:remotePort} kept open (added to {@code processes} for the
     * caller to stop), then {@code GET /index.html} through it.
     */
    HttpResponse<String> pageThroughTunnel(String login, int remotePort, List<Process> processes, Duration timeout)
            throws IOException, InterruptedException {
        int localPort = TaskProcesses.freePort();
        Process tunnel = new ProcessBuilder(sshCommand(login,
                List.of("-N", "-o", "ExitOnForwardFailure=yes", "-L", localPort + ":localhost:" + remotePort)))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        processes.add(tunnel);
        TaskProcesses.awaitListening(localPort, tunnel);
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + localPort + "/index.html")).timeout(timeout).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /**
     * 3 MiB of random bytes copied with {@code scp} into the task's directory ({@code /} for the
     * client) as {@code weights.bin} and back: both copies must equal the original.
     */
    void scpRoundTrip(String login, Path local, Path taskDirectory, long seed) throws Exception {
        byte[] data = new byte[3 * 1024 * 1024 + 17];
        new Random(seed).nextBytes(data);
        Path original = local.resolve("weights.bin");
        Files.write(original, data);
        Result in = tool("scp", List.of(original.toString(), login + "@127.0.0.1:weights.bin"));
        assertThat(in.exit()).as(in.toString()).isZero();
        assertThat(sha256(taskDirectory.resolve("weights.bin"))).isEqualTo(sha256(original));
        Path back = local.resolve("back.bin");
        Result out = tool("scp", List.of(login + "@127.0.0.1:/weights.bin", back.toString()));
        assertThat(out.exit()).as(out.toString()).isZero();
        assertThat(sha256(back)).isEqualTo(sha256(original));
    }

    static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    /** {@code ssh -p PORT [extra…] login@127.0.0.1 [command…]}, run to its end. */
    Result ssh(String login, List<String> extra, String... command) throws IOException, InterruptedException {
        return run(sshCommand(login, extra, command), 60);
    }

    List<String> sshCommand(String login, List<String> extra, String... command) {
        List<String> argv = new ArrayList<>(List.of(SSH.toString()));
        argv.addAll(options());
        argv.addAll(List.of("-p", Integer.toString(port)));
        argv.addAll(extra);
        argv.add(login + "@127.0.0.1");
        argv.addAll(List.of(command));
        return argv;
    }

    /** {@code scp} or {@code sftp} with this client's options and the gateway's port. */
    Result tool(String tool, List<String> args) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(List.of(tool));
        argv.addAll(options());
        argv.addAll(List.of("-P", Integer.toString(port)));
        argv.addAll(args);
        return run(argv, 120);
    }

    static Result run(List<String> command, int timeoutSeconds) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        var err = new java.util.concurrent.CompletableFuture<String>();
        Thread reader = new Thread(() -> {
            try {
                err.complete(new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                err.complete(e.toString());
            }
        });
        reader.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not end within " + timeoutSeconds + " s");
        }
        reader.join();
        return new Result(process.exitValue(), out, err.join());
    }

    record Result(int exit, String out, String err) {
    }
}
