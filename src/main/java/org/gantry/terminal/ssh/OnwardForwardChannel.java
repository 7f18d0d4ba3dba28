package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Collections;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.apache.sshd.client.future.DefaultOpenFuture;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.channel.ChannelOutputStream;
import org.apache.sshd.common.channel.exception.SshChannelOpenException;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.server.channel.AbstractServerChannel;
import org.apache.sshd.server.session.ServerSession;
import org.gantry.terminal.TaskHostPorts;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalAttempt;
import org.gantry.terminal.TerminalService;

/**
 * A {@code direct-tcpip} channel ({@code ssh -L}) into a task on an SSH host or in a Slurm
 * allocation: admitted like {@link TaskForwardChannel} (owner, task running, a port the task's
 * processes listen on, read on the host or node), then carried by a {@code direct-tcpip} channel
 * of the onward connection to {@code 127.0.0.1:port} on the host, or by a bridge step of the
 * task's Slurm job ({@link SlurmSteps}). See docs/decisions/0058-forwarding-to-tasks-on-ssh-hosts.md
 * and docs/decisions/0070-forwarding-to-tasks-in-slurm-allocations.md.
 *
 * <p>The admission and the onward open run on a gateway thread, not on MINA's I/O thread: they
 * wait for the host. Bytes then go through two threads of the gateway's pool, one per
 * direction. The client's window is given back only once what it sent has been written
 * onward, so a slow task holds the client back instead of filling Gantry's memory.
 */
final class OnwardForwardChannel extends AbstractServerChannel {

    private static final byte[] EOF = new byte[0];
    /** How long a write waits for the SSH client to open its window (it reads nothing meanwhile). */
    private static final Duration WRITE_WAIT = Duration.ofMinutes(10);

    private final GatewayRuntime runtime;
    private final BlockingQueue<byte[]> toHost = new LinkedBlockingQueue<>();
    private volatile TaskHostPorts.Connection connection;

    OnwardForwardChannel(GatewayRuntime runtime) {
        super("", Collections.emptyList(), null);
        this.runtime = runtime;
    }

    @Override
    protected OpenFuture doInit(Buffer buffer) {
        String host = buffer.getString();
        int port = buffer.getInt();
        OpenFuture opened = new DefaultOpenFuture(this, this);
        TerminalAttempt attempt = TaskShellOpener.attempt((ServerSession) getSession(), runtime);
        // MINA adds the listener that confirms the channel as soon as this returns; the admission
        // below waits for the database and the host, so it completes the future well after that.
        runtime.threads().execute(() -> open(attempt, host, port, opened));
        return opened;
    }

    private void open(TerminalAttempt attempt, String host, int port, OpenFuture opened) {
        TerminalService.Admission admission = runtime.terminals().admitPort(attempt, host, port);
        if (admission instanceof TerminalService.Admission.Refused refused) {
            refuse(opened, SshConstants.SSH_OPEN_ADMINISTRATIVELY_PROHIBITED, refused.message(), null);
            return;
        }
        TaskShellTarget target = ((TerminalService.Admission.Allowed) admission).target();
        if (target instanceof TaskShellTarget.Local) {
            refuse(opened, SshConstants.SSH_OPEN_ADMINISTRATIVELY_PROHIBITED, "The task moved; connect again", null);
            return;
        }
        try {
            connection = runtime.hostPorts().connect(target, port);
        } catch (IOException e) {
            refuse(opened, SshConstants.SSH_OPEN_CONNECT_FAILED, e.getMessage(), e);
            return;
        }
        addCloseFutureListener(closed -> {
            toHost.add(EOF);
            closeConnection();
        });
        ChannelOutputStream toClient = new ChannelOutputStream(this, getRemoteWindow(), WRITE_WAIT, log,
                SshConstants.SSH_MSG_CHANNEL_DATA, true);
        try {
            signalChannelOpenSuccess();
            opened.setOpened();
        } catch (RuntimeException e) {
            refuse(opened, SshConstants.SSH_OPEN_CONNECT_FAILED, e.getMessage(), e);
            return;
        }
        runtime.threads().execute(() -> copyToClient(connection.input(), toClient));
        runtime.threads().execute(() -> copyToHost(connection.output()));
    }

    private void refuse(OpenFuture opened, int reason, String message, Throwable cause) {
        try {
            signalChannelOpenFailure(cause == null ? new IOException(message) : cause);
            opened.setException(new SshChannelOpenException(getChannelId(), reason, message, cause));
        } finally {
            closeConnection();
            close(true);
        }
    }

    /** The task's answers to the client, until the task's side ends; then EOF and close. */
    private void copyToClient(InputStream fromHost, OutputStream toClient) {
        byte[] chunk = new byte[256 * 1024];
        try {
            for (int n = fromHost.read(chunk); n >= 0; n = fromHost.read(chunk)) {
                toClient.write(chunk, 0, n);
                toClient.flush();
            }
            toClient.close();
        } catch (IOException e) {
            log.debug("Forwarding from the task's host to {} ended", this, e);
        } finally {
            close(false);
        }
    }

    /** What the client sent, in order, to the task; then the client's window is given back. */
    private void copyToHost(OutputStream toTask) {
        try {
            while (true) {
                byte[] data = toHost.take();
                if (data == EOF) {
                    toTask.close();
                    return;
                }
                toTask.write(data);
                if (toHost.isEmpty()) {
                    toTask.flush();
                }
                if (getLocalWindow().isOpen()) {
                    getLocalWindow().release(data.length);
                }
            }
        } catch (IOException e) {
            log.debug("Forwarding from {} to the task's host ended", this, e);
            close(false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close(true);
        }
    }

    @Override
    protected void doWriteData(byte[] data, int off, long len) throws IOException {
        byte[] copy = new byte[(int) len];
        System.arraycopy(data, off, copy, 0, (int) len);
        toHost.add(copy);
    }

    @Override
    protected void doWriteExtendedData(byte[] data, int off, long len) throws IOException {
        throw new UnsupportedOperationException("direct-tcpip channels carry no extended data");
    }

    @Override
    public void handleEof() throws IOException {
        super.handleEof();
        toHost.add(EOF);
    }

    private void closeConnection() {
        TaskHostPorts.Connection open = connection;
        if (open != null) {
            try {
                open.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
