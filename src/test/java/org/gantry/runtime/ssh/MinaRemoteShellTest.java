package org.gantry.runtime.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.common.SshException;
import org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyPairResourceWriter;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.hosts.SshTarget;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the runtime's SSH shell tells a host it cannot reach from a command that failed, and how it connects. */
class MinaRemoteShellTest {

    @TempDir
    Path dir;

    private SshClient client;
    private SshTarget target;

    @BeforeEach
    void client() throws Exception {
        client = SshClient.setUpDefaultClient();
        client.start();
        target = new SshTarget("lab", "127.0.0.1", 22, "login", key(), "base");
    }

    @AfterEach
    void stop() {
        client.stop();
    }

    @Test
    void a_session_closing_under_a_call_is_the_host_unreachable_never_the_tasks_failure() {
        // Bug: an IllegalStateException from a closing session failed the launch for good
        MinaRemoteShell shell = new MinaRemoteShell(client, target, Duration.ofSeconds(5), Duration.ofSeconds(5));

        for (Exception e : List.of(new SshException("Session is being closed"),
                new IllegalStateException("Session is closing"),
                new IOException("Connection reset by peer"),
                new SftpException(SftpConstants.SSH_FX_CONNECTION_LOST, "connection lost"),
                new SftpException(SftpConstants.SSH_FX_NO_CONNECTION, "no connection"))) {
            ExecutorException failure = shell.failure(e);
            assertThat(failure.isUnreachable()).as(e.toString()).isTrue();
            assertThat(failure.isPermanent()).as(e.toString()).isFalse();
            assertThat(failure.getMessage()).startsWith("SSH host lab (login@127.0.0.1:22): ");
        }
    }

    @Test
    void an_sftp_servers_refusal_of_one_file_fails_that_call_alone() {
        MinaRemoteShell shell = new MinaRemoteShell(client, target, Duration.ofSeconds(5), Duration.ofSeconds(5));

        ExecutorException failure = shell.failure(new SftpException(SftpConstants.SSH_FX_PERMISSION_DENIED,
                "denied"));

        assertThat(failure.isUnreachable()).isFalse();
        assertThat(failure.isPermanent()).isFalse();
    }

    @Test
    void callers_to_a_dead_host_share_one_failed_connect_and_a_later_call_tries_again() throws Exception {
        // Bug: each of many callers to a dead host waited its own connect timeout after the one before it
        List<Socket> accepted = new CopyOnWriteArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(5);
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // accepts connections and never says a word, as a host behind a dead link; once the first
            // connect failed, it drops every new connection at once
            AtomicBoolean dropping = new AtomicBoolean();
            pool.execute(() -> {
                try {
                    while (true) {
                        Socket socket = silent.accept();
                        accepted.add(socket);
                        if (dropping.get()) {
                            socket.close();
                        }
                    }
                } catch (IOException closed) {
                    // the test is over
                }
            });
            SshTarget dead = new SshTarget("lab", "127.0.0.1", silent.getLocalPort(), "login", target.keyPath(), "base");
            MinaRemoteShell shell = new MinaRemoteShell(client, dead, Duration.ofMinutes(5), Duration.ofSeconds(5));
            List<Thread> callers = new CopyOnWriteArrayList<>();
            List<Future<?>> calls = new ArrayList<>();
            calls.add(pool.submit(() -> call(shell, callers)));
            while (accepted.isEmpty()) {
                Thread.sleep(20);
            }
            for (int i = 0; i < 3; i++) {
                calls.add(pool.submit(() -> call(shell, callers)));
            }
            // the three later callers wait for the first one's connect
            while (callers.size() < 4 || !callers.subList(1, 4).stream().allMatch(t -> t.getState() == Thread.State.WAITING
                    || t.getState() == Thread.State.BLOCKED)) {
                Thread.sleep(20);
            }
            dropping.set(true);
            accepted.get(0).close();

            for (Future<?> call : calls) {
                assertThat(unreachable(call)).isTrue();
            }
            assertThat(accepted).hasSize(1);

            accepted.clear();
            Future<?> later = pool.submit(() -> call(shell, callers));
            assertThat(unreachable(later)).isTrue();
            assertThat(accepted).hasSize(1);
        } finally {
            pool.shutdownNow();
        }
    }

    private static Object call(MinaRemoteShell shell, List<Thread> callers) throws ExecutorException {
        callers.add(Thread.currentThread());
        return shell.run("true");
    }

    private static boolean unreachable(Future<?> call) throws InterruptedException {
        try {
            call.get();
            return false;
        } catch (ExecutionException e) {
            return e.getCause() instanceof ExecutorException failure && failure.isUnreachable();
        }
    }

    private Path key() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        Path file = dir.resolve("client_key");
        try (OutputStream out = Files.newOutputStream(file)) {
            OpenSSHKeyPairResourceWriter.INSTANCE.writePrivateKey(pair, "test",
                    (org.apache.sshd.common.config.keys.writer.openssh.OpenSSHKeyEncryptionContext) null, out);
        }
        return file;
    }
}
