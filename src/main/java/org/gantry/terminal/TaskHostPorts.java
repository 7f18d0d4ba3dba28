package org.gantry.terminal;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Set;

/**
 * The ports of a task on another machine, which of them the task's processes listen on and a
 * connection to one of them: on the SSH executor's hosts through the gateway's onward SSH
 * connection to that host (docs/decisions/0058-forwarding-to-tasks-on-ssh-hosts.md), in a Slurm
 * allocation through steps of the task's job
 * (docs/decisions/0070-forwarding-to-tasks-in-slurm-allocations.md).
 */
public interface TaskHostPorts {

    /**
     * The ports the task's processes listen on, read on its host: sockets in {@code LISTEN}
     * state held by processes of the host's login that carry the task's working directory in
     * their environment (on a Slurm node: the owner's processes of the task's job), as
     * {@link LocalTaskListeners} does on this machine.
     *
     * @throws IOException when the host cannot be reached or read; the message says why
     */
    Set<Integer> listening(TaskShellTarget target) throws IOException;

    /**
     * A TCP connection to {@code 127.0.0.1:port} on the task's host, opened by its sshd
     * ({@code direct-tcpip} on the onward connection) or by a step of its Slurm job. The caller
     * has admitted the port.
     *
     * @throws IOException when the host or the port does not accept it
     */
    Connection connect(TaskShellTarget target, int port) throws IOException;

    /** One connection to a task's port: bytes both ways; closing it closes the TCP connection on the host. */
    interface Connection extends Closeable {

        InputStream input();

        OutputStream output();

        /** How long a read waits for bytes before it fails; zero waits for ever. */
        void readTimeout(Duration timeout);
    }
}
