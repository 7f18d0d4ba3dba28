package org.gantry.terminal.ssh;

import java.io.IOException;
import org.apache.sshd.client.future.DefaultOpenFuture;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.channel.Channel;
import org.apache.sshd.common.channel.exception.SshChannelOpenException;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.net.SshdSocketAddress;
import org.apache.sshd.server.forward.StaticDecisionForwardingFilter;
import org.apache.sshd.server.forward.TcpForwardingFilter;
import org.apache.sshd.server.forward.TcpipServerChannel;
import org.apache.sshd.server.session.ServerSession;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellLookup;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalAttempt;
import org.gantry.terminal.TerminalService;

/**
 * A {@code direct-tcpip} channel ({@code ssh -L}) into a task: admitted by
 * {@link TerminalService#admitPort} like a shell (owner check, audit), and only to a port the
 * task itself listens on; then MINA's own channel connects and copies bytes both ways with
 * its asynchronous I/O and SSH window flow control.
 *
 * <p>{@link #doInit} runs on MINA's I/O thread; the admission reads the database and
 * {@code /proc}, which takes milliseconds, once per forwarded connection.
 */
final class TaskForwardChannel extends TcpipServerChannel {

    private final GatewayRuntime runtime;

    TaskForwardChannel(GatewayRuntime runtime) {
        super(TcpForwardingFilter.Type.Direct, null);
        this.runtime = runtime;
    }

    @Override
    protected OpenFuture doInit(Buffer buffer) {
        int start = buffer.rpos();
        String host = buffer.getString();
        int port = buffer.getInt();
        buffer.rpos(start);
        ServerSession session = (ServerSession) getSession();
        TerminalService.Admission admission = runtime.terminals()
                .admitPort(TaskShellOpener.attempt(session, runtime), host, port);
        String refusedWith = admission instanceof TerminalService.Admission.Refused refused ? refused.message()
                // this channel connects on this machine: a task elsewhere (it moved since the channel
                // was made) must not have its port number tried here
                : ((TerminalService.Admission.Allowed) admission).target() instanceof TaskShellTarget.Local ? null
                : "The task moved; connect again";
        if (refusedWith != null) {
            OpenFuture refusal = new DefaultOpenFuture(this, this);
            try {
                refusal.setException(new SshChannelOpenException(getChannelId(),
                        SshConstants.SSH_OPEN_ADMINISTRATIVELY_PROHIBITED, refusedWith));
            } finally {
                close(true);
            }
            return refusal;
        }
        return super.doInit(buffer);
    }

    /** Makes the gateway's {@code direct-tcpip} channels. */
    static final class Factory extends TcpipServerChannel.TcpipFactory {

        private final GatewayRuntime runtime;

        Factory(GatewayRuntime runtime) {
            super(TcpForwardingFilter.Type.Direct);
            this.runtime = runtime;
        }

        /**
         * A channel for the task the session's login name names: onward to its host or node when it
         * runs on an SSH host or in a Slurm allocation, else here. The channel admits the port itself.
         */
        @Override
        public Channel createChannel(Session session) throws IOException {
            TerminalAttempt attempt = TaskShellOpener.attempt((ServerSession) session, runtime);
            try {
                if (runtime.terminals().lookup(TaskRoute.parse(attempt.loginName()))
                        instanceof TaskShellLookup.Running running
                        && !(running.target() instanceof TaskShellTarget.Local)) {
                    return new OnwardForwardChannel(runtime);
                }
            } catch (IllegalArgumentException e) {
                // not a task's login name: the channel refuses it with the reason
            }
            return new TaskForwardChannel(runtime);
        }
    }

    /**
     * Lets MINA's channel connect once {@link TaskForwardChannel} has admitted it; refuses remote
     * forwarding ({@code ssh -R}), agent and X11 forwarding.
     */
    static final class Filter extends StaticDecisionForwardingFilter {

        Filter() {
            super(false);
        }

        @Override
        public boolean canConnect(Type type, SshdSocketAddress address, Session session) {
            return type == Type.Direct;
        }
    }
}
