package org.gantry.terminal.ssh;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.util.Map;
import java.util.Optional;
import org.apache.sshd.common.file.root.RootedFileSystemProvider;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.command.Command;
import org.apache.sshd.server.session.ServerSession;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.server.subsystem.SubsystemFactory;
import org.apache.sshd.sftp.client.SftpClientFactory;
import org.apache.sshd.sftp.client.fs.SftpFileSystem;
import org.apache.sshd.sftp.server.SftpSubsystem;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;
import org.gantry.base.ssh.SshEndpoint;
import org.gantry.terminal.OsAccount;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SFTP subsystem of the gateway (also what OpenSSH's {@code scp} speaks since 9.0): MINA's
 * SFTP server on a file system rooted at the task's working directory, admitted and audited
 * by {@link TerminalService#admitFiles}. See docs/decisions/0022-task-files-over-sftp.md. A task
 * on an SSH host gets the same server on its directory there ({@link OnwardSftpJail}); a task in
 * a Slurm allocation on its directory where its job was submitted, here or on the login node
 * (docs/decisions/0070-forwarding-to-tasks-in-slurm-allocations.md).
 *
 * <p>Two fences. MINA's {@link RootedFileSystemProvider} makes {@code /} the working directory
 * and stops {@code ..} there, but the kernel follows a symbolic link the task left in it to
 * wherever it points. So the thread that serves the requests also takes the task's account for
 * file access ({@link ThreadFileCredentials}): through a link the client reaches only what the
 * task's account may reach, never what Gantry's root may, and what it creates belongs to the
 * task.
 */
final class TaskSftp {

    private static final Logger log = LoggerFactory.getLogger(TaskSftp.class);
    private static final boolean ROOT = "root".equals(System.getProperty("user.name"));

    private TaskSftp() {
    }

    /** The {@code sftp} subsystem: admission on the request, then MINA's server in the task's jail. */
    static SubsystemFactory factory(GatewayRuntime runtime) {
        SftpSubsystemFactory sftp = new SftpSubsystemFactory();
        return new SubsystemFactory() {
            @Override
            public String getName() {
                return SftpSubsystemFactory.NAME;
            }

            @Override
            public Command createSubsystem(ChannelSession channel) throws IOException {
                return open(channel, sftp, runtime);
            }
        };
    }

    private static Command open(ChannelSession channel, SftpSubsystemFactory sftp, GatewayRuntime runtime)
            throws IOException {
        ServerSession session = channel.getServerSession();
        TerminalService.Admission admission = runtime.terminals().admitFiles(TaskShellOpener.attempt(session, runtime));
        if (admission instanceof TerminalService.Admission.Refused refused) {
            return new Refusal(refused.message());
        }
        TaskShellTarget target = ((TerminalService.Admission.Allowed) admission).target();
        if (target instanceof TaskShellTarget.SshHost host) {
            return onward(channel, sftp, runtime, host.host(), host.workingDirectory());
        }
        if (target instanceof TaskShellTarget.Slurm slurm) {
            // the job's directory lies where it was submitted, shared with the node (admitFiles checked it is known)
            String directory = slurm.workingDirectory().orElseThrow();
            if (slurm.loginNode().isPresent()) {
                return onward(channel, sftp, runtime, slurm.loginNode().get(), directory);
            }
            return here(channel, sftp, slurm.osAccount(), java.nio.file.Path.of(directory));
        }
        TaskShellTarget.Local local = (TaskShellTarget.Local) target;
        return here(channel, sftp, local.osAccount(), local.workingDirectory());
    }

    /** A task's directory on this machine, served as its account. */
    private static Command here(ChannelSession channel, SftpSubsystemFactory sftp, String accountName,
                                java.nio.file.Path directory) throws IOException {
        Optional<OsAccount> found = OsAccount.lookup(accountName);
        if (found.isEmpty() || found.get().uid() == 0) {
            return new Refusal("The task's account " + accountName + " cannot be served here");
        }
        if (ROOT && !ThreadFileCredentials.supported()) {
            return new Refusal("SFTP cannot take the task's account on " + System.getProperty("os.arch"));
        }
        OsAccount account = found.get();
        if (!ROOT && !account.name().equals(System.getProperty("user.name"))) {
            return new Refusal("Gantry runs as " + System.getProperty("user.name") + ", not as root, so it cannot "
                    + "write files as the task's account " + accountName);
        }
        if (!java.nio.file.Files.isDirectory(directory)) {
            return new Refusal("The task's working directory " + directory + " is gone");
        }
        FileSystem jail = new RootedFileSystemProvider().newFileSystem(directory, Map.of());
        return new Jailed(channel, sftp, jail, account, Optional.empty());
    }

    /**
     * A task on an SSH host (or in a Slurm allocation submitted from a login node): MINA's SFTP
     * server on {@link OnwardSftpJail}, an SFTP client to the host's own server over a connection
     * of its own, closed when the subsystem ends.
     */
    private static Command onward(ChannelSession channel, SftpSubsystemFactory sftp, GatewayRuntime runtime,
                                  SshEndpoint host, String directory) {
        ClientSession session;
        try {
            session = runtime.launcher().onward().connect(host);
        } catch (IOException | RuntimeException e) {
            return new Refusal(e.getMessage());
        }
        try {
            SftpFileSystem remote = SftpClientFactory.instance().createSftpFileSystem(session);
            FileSystem jail;
            try {
                jail = OnwardSftpJail.open(remote, directory);
            } catch (IOException | RuntimeException e) {
                remote.close();
                throw e;
            }
            return new Jailed(channel, sftp, jail, null, Optional.of(() -> {
                try {
                    remote.close();
                } finally {
                    session.close(false);
                }
            }));
        } catch (IOException | RuntimeException e) {
            session.close(true);
            return new Refusal("The task's directory " + directory + " on " + host.host()
                    + " cannot be served: " + e.getMessage());
        }
    }

    /**
     * MINA's SFTP server on the task's jail, whatever file system the gateway would hand it,
     * serving requests on its own thread (one per subsystem, ended with it) that takes the
     * task's account for file access when Gantry runs as root and the files are on this machine.
     */
    private static final class Jailed extends SftpSubsystem {

        private final OsAccount account;
        private final Optional<Closeable> onward;

        /**
         * @param account the task's account here; null for a task on another machine
         * @param onward the SFTP client and connection to the task's host, closed with the subsystem
         */
        Jailed(ChannelSession channel, SftpSubsystemFactory configurator, FileSystem jail, OsAccount account,
               Optional<Closeable> onward) {
            super(channel, configurator);
            super.setFileSystem(jail);
            this.account = account;
            this.onward = onward;
        }

        @Override
        public void run() {
            if (!ROOT || account == null) {
                super.run();
                return;
            }
            try {
                ThreadFileCredentials.become(account.uid(), account.gid());
            } catch (RuntimeException e) {
                log.warn("SFTP for {} cannot take the task's account {}", getServerSession(), account.name(), e);
                callback.onExit(TaskShellCommand.EXIT_REFUSED, "Cannot act as the task's account " + account.name());
                return;
            }
            try {
                super.run();
            } finally {
                ThreadFileCredentials.reset();
            }
        }

        @Override
        public void destroy(ChannelSession channel) {
            try {
                super.destroy(channel);
            } finally {
                if (onward.isPresent()) {
                    try {
                        onward.get().close();
                    } catch (IOException e) {
                        log.debug("Closing the SFTP connection to the task's host failed", e);
                    }
                }
            }
        }

        @Override
        public void setFileSystem(FileSystem ignored) {
            // Always the task's jail, set once in the constructor.
        }
    }

    /** A refused request: the reason on standard error, exit status 1. */
    private static final class Refusal implements Command {

        private final String message;
        private OutputStream err;
        private ExitCallback exit;

        Refusal(String message) {
            this.message = message;
        }

        @Override
        public void start(ChannelSession channel, Environment env) throws IOException {
            err.write((message + "\n").getBytes(StandardCharsets.UTF_8));
            err.flush();
            exit.onExit(TaskShellCommand.EXIT_REFUSED, message);
        }

        @Override
        public void destroy(ChannelSession channel) {
            // Nothing runs.
        }

        @Override
        public void setInputStream(InputStream in) {
            // A refusal reads nothing.
        }

        @Override
        public void setOutputStream(OutputStream out) {
            // A refusal writes to standard error only.
        }

        @Override
        public void setErrorStream(OutputStream err) {
            this.err = err;
        }

        @Override
        public void setExitCallback(ExitCallback exit) {
            this.exit = exit;
        }
    }
}
