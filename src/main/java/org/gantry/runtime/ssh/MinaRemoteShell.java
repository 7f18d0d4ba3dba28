package org.gantry.runtime.ssh;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.keyprovider.FileKeyPairProvider;
import org.apache.sshd.sftp.client.SftpClient;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.common.SftpConstants;
import org.apache.sshd.sftp.common.SftpException;
import org.gantry.base.shell.Bash;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;
import org.gantry.runtime.runner.RemoteShell;
import org.gantry.runtime.hosts.SshTarget;

/**
 * One SSH host as a {@link RemoteShell}, over MINA's {@link SshClient}: one session kept open
 * and reopened when it broke; commands run with {@code bash -c} whatever the login shell is;
 * files move over SFTP.
 */
final class MinaRemoteShell implements RemoteShell {

    /** The largest write every SFTP server must take in one request. */
    private static final int WRITE_CHUNK = 32 * 1024;

    private final SshClient client;
    private final SshTarget target;
    private final Duration connectTimeout;
    private final Duration commandTimeout;
    private ClientSession session;
    /** The connect under way, shared by the callers that wait for it; null when none is. */
    private CompletableFuture<ClientSession> connecting;

    MinaRemoteShell(SshClient client, SshTarget target, Duration connectTimeout, Duration commandTimeout) {
        this.client = client;
        this.target = target;
        this.connectTimeout = connectTimeout;
        this.commandTimeout = commandTimeout;
    }

    @Override
    public String host() {
        return target.host();
    }

    /**
     * The open session, or a new one. Callers that come while a connect is under way wait for
     * that one and share its outcome: of many callers to a dead host, each would otherwise wait
     * its own connect timeout after the one before it. A caller that comes after a failed
     * attempt tries again.
     */
    private ClientSession session() throws IOException {
        CompletableFuture<ClientSession> attempt;
        boolean mine = false;
        synchronized (this) {
            if (session != null && session.isOpen() && session.isAuthenticated()) {
                return session;
            }
            if (connecting == null) {
                close();
                connecting = new CompletableFuture<>();
                mine = true;
            }
            attempt = connecting;
        }
        if (mine) {
            try {
                ClientSession fresh = connect();
                synchronized (this) {
                    session = fresh;
                    connecting = null;
                }
                attempt.complete(fresh);
            } catch (IOException | RuntimeException e) {
                synchronized (this) {
                    connecting = null;
                }
                attempt.completeExceptionally(e);
            }
        }
        try {
            return attempt.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException(cause.getMessage(), cause);
        }
    }

    private ClientSession connect() throws IOException {
        ClientSession fresh = client.connect(target.username(), target.host(), target.port())
                .verify(connectTimeout).getSession();
        try {
            for (KeyPair key : new FileKeyPairProvider(target.keyPath()).loadKeys(fresh)) {
                fresh.addPublicKeyIdentity(key);
            }
            fresh.auth().verify(connectTimeout);
        } catch (IOException | RuntimeException e) {
            fresh.close(true);
            throw e instanceof IOException io ? io : new IOException(e.getMessage(), e);
        }
        return fresh;
    }

    synchronized void close() {
        if (session != null) {
            session.close(true);
            session = null;
        }
    }

    /** Closes {@code broken} unless another caller replaced it meanwhile. */
    private synchronized void close(ClientSession broken) {
        if (broken != null && session == broken) {
            close();
        }
    }

    @Override
    public ShellResult run(String command) throws ExecutorException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ClientSession used = null;
        try {
            used = session();
            try (ChannelExec channel = used.createExecChannel("bash -c " + Bash.quote(command))) {
                channel.setOut(out);
                channel.setErr(err);
                channel.open().verify(connectTimeout);
                Set<ClientChannelEvent> events = channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED),
                        commandTimeout);
                if (events.contains(ClientChannelEvent.TIMEOUT)) {
                    // a host that takes this long to answer one short command is as good as unreachable
                    close(used);
                    throw ExecutorException.unreachable("command timed out on " + target.alias(), null);
                }
                Integer status = channel.getExitStatus();
                if (status == null) {
                    // the connection went away under the command: its output is cut short and says nothing
                    close(used);
                    throw ExecutorException.unreachable(message("the connection closed before the command's"
                            + " exit status came"), null);
                }
                return new ShellResult(status, out.toString(StandardCharsets.UTF_8),
                        err.toString(StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            close(used);
            throw failure(e);
        }
    }

    @Override
    public void writeFile(String path, String content, int mode) throws ExecutorException {
        ClientSession used = null;
        try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(used = session());
             SftpClient.CloseableHandle file = sftp.open(path, SftpClient.OpenMode.Write, SftpClient.OpenMode.Create,
                     SftpClient.OpenMode.Truncate)) {
            // the mode before the content: a script may hold secrets, never readable by others for a moment
            sftp.setStat(file, new SftpClient.Attributes().perms(mode));
            byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
            for (int offset = 0; offset < bytes.length; offset += WRITE_CHUNK) {
                sftp.write(file, offset, bytes, offset, Math.min(WRITE_CHUNK, bytes.length - offset));
            }
        } catch (IOException | RuntimeException e) {
            close(used);
            throw failure(e);
        }
    }

    @Override
    public void copyFile(java.nio.file.Path local, String path, int mode) throws ExecutorException {
        ClientSession used = null;
        try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(used = session())) {
            try (java.io.OutputStream out = sftp.write(path, SftpClient.OpenMode.Write, SftpClient.OpenMode.Create,
                    SftpClient.OpenMode.Truncate)) {
                java.nio.file.Files.copy(local, out);
            }
            sftp.setStat(path, new SftpClient.Attributes().perms(mode));
        } catch (IOException | RuntimeException e) {
            close(used);
            throw failure(e);
        }
    }

    @Override
    public LogChunk readFile(String path, long offset, int maxBytes) throws ExecutorException {
        ClientSession used = null;
        try (SftpClient sftp = SftpClientFactory.instance().createSftpClient(used = session())) {
            long size;
            try {
                size = sftp.stat(path).getSize();
            } catch (SftpException e) {
                if (e.getStatus() == SftpConstants.SSH_FX_NO_SUCH_FILE) {
                    return LogChunk.empty(offset);
                }
                throw e;
            }
            long from = Math.min(Math.max(0, offset), size);
            byte[] data = new byte[(int) Math.min(Math.max(0, maxBytes), size - from)];
            int filled = 0;
            try (SftpClient.CloseableHandle handle = sftp.open(path, SftpClient.OpenMode.Read)) {
                while (filled < data.length) {
                    int n = sftp.read(handle, from + filled, data, filled, data.length - filled);
                    if (n <= 0) {
                        break;
                    }
                    filled += n;
                }
            }
            byte[] read = filled == data.length ? data : java.util.Arrays.copyOf(data, filled);
            return new LogChunk(read, from + filled, size);
        } catch (IOException | RuntimeException e) {
            close(used);
            throw failure(e);
        }
    }

    /**
     * What a failed call means, given what MINA threw (docs/decisions/0090-ssh-keepalives-and-connect-timeout.md):
     * the host unreachable for everything but an SFTP server's refusal of one file (permissions, a
     * full disk), which fails the call alone. A session that closed meanwhile shows as an
     * {@code SshException} ("session is being closed"), an {@code IllegalStateException} from the
     * closing session or channel, or an SFTP "connection lost": never the task's failure.
     */
    ExecutorException failure(Exception e) {
        String message = message(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        if (e instanceof SftpException sftp && sftp.getStatus() != SftpConstants.SSH_FX_CONNECTION_LOST
                && sftp.getStatus() != SftpConstants.SSH_FX_NO_CONNECTION) {
            return ExecutorException.transientFailure(message, e);
        }
        return ExecutorException.unreachable(message, e);
    }

    private String message(String what) {
        return "SSH host " + target.alias() + " (" + target.username() + "@" + target.host() + ":"
                + target.port() + "): " + what;
    }
}
