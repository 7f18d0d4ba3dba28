package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.sshd.client.channel.ChannelDirectTcpip;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.channel.AbstractChannel;
import org.apache.sshd.common.channel.Channel;
import org.apache.sshd.common.channel.ChannelListener;
import org.apache.sshd.common.channel.ChannelPipedInputStream;
import org.apache.sshd.common.util.net.SshdSocketAddress;
import org.gantry.base.shell.Bash;
import org.gantry.terminal.LocalTaskListeners;
import org.gantry.terminal.ShellScripts;
import org.gantry.terminal.ShellUnavailableException;
import org.gantry.terminal.TaskHostPorts;
import org.gantry.terminal.TaskShellTarget;
import org.gantry.terminal.TerminalProperties;
import org.springframework.stereotype.Component;

/**
 * The ports of tasks on SSH hosts, over the onward connection the gateway keeps to each host
 * ({@link OnwardSsh#shared}): a shell script reads {@code /proc} on the host for the task's
 * listening sockets, and {@code direct-tcpip} channels reach {@code 127.0.0.1:port} there.
 * See docs/decisions/0058-forwarding-to-tasks-on-ssh-hosts.md.
 */
@Component
class OnwardPorts implements TaskHostPorts {

    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration OPEN_TIMEOUT = Duration.ofSeconds(20);
    /** A page of the browser proxy loads dozens of assets: one scan of the host serves them for this long. */
    static final Duration REMEMBER_LISTENING = Duration.ofSeconds(2);

    /**
     * Prints {@code inode N} for each socket held by a process of this login whose environment
     * names the task's working directory ($1), then the kernel's TCP tables. {@code HOME} is what
     * the local runner sets, {@code GANTRY_WORK_DIR} what every runner exports, and
     * {@code GANTRY_TASK_DIR} what every shell into the task sets (with the directory as given,
     * which may be relative to the login's home).
     */
    static final String SCRIPT = scan("""
            given=$1
            dir=$1
            cd -- "$dir" 2>/dev/null && dir=$PWD
            """, "-e \"HOME=$dir\" -e \"GANTRY_WORK_DIR=$dir\" -e \"%1$s=$dir\" -e \"%1$s=$given\""
            .formatted(ShellScripts.DIR_VARIABLE));

    /**
     * The same for a task in a Slurm allocation, run as a step of its job: the processes of the
     * allocation's owner on the node that belong to the job ({@code SLURM_JOB_ID} as the step's own).
     */
    static final String SLURM_SCRIPT = scan("""
            [ -n "${SLURM_JOB_ID:-}" ] || exit 3
            echo "node $(hostname)"
            """, "-e \"SLURM_JOB_ID=$SLURM_JOB_ID\"");

    private static String scan(String prelude, String matches) {
        return "exec 2>/dev/null\n" + prelude + """
                for p in /proc/[0-9]*; do
                  [ -O "$p" ] || continue
                  tr '\\0' '\\n' <"$p/environ" 2>/dev/null | grep -qxF %s || continue
                  for fd in "$p"/fd/*; do
                    link=$(readlink "$fd" 2>/dev/null) || continue
                    case $link in socket:\\[*\\]) link=${link#socket:[}; echo "inode ${link%%%%]}" ;; esac
                  done
                done
                echo tables
                cat /proc/net/tcp /proc/net/tcp6 2>/dev/null
                exit 0
                """.formatted(matches);
    }

    /** How long a direct connection to a Slurm node's port may take before the bridge step is used instead. */
    static final Duration DIRECT_CONNECT_TIMEOUT = Duration.ofSeconds(3);
    /** A node that did not answer a direct connection is reached through bridge steps for this long. */
    static final Duration NODE_SILENT_FOR = Duration.ofMinutes(5);

    private final OnwardSsh onward;
    private final SlurmSteps slurm;
    private final Clock clock;
    private final boolean slurmDirect;
    private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();
    private final Map<String, Instant> silentNodes = new ConcurrentHashMap<>();

    OnwardPorts(OnwardSsh onward, SlurmSteps slurm, Clock clock, TerminalProperties properties) {
        this.onward = onward;
        this.slurm = slurm;
        this.clock = clock;
        this.slurmDirect = properties.slurmDirect();
    }

    @Override
    public Set<Integer> listening(TaskShellTarget target) throws IOException {
        return scanned(target).ports();
    }

    private static String key(TaskShellTarget target) throws IOException {
        if (target instanceof TaskShellTarget.SshHost host) {
            return host.host() + " " + host.workingDirectory();
        } else if (target instanceof TaskShellTarget.Slurm job) {
            return "slurm " + job.loginNode().map(String::valueOf).orElse("") + " " + job.slurmJobId();
        }
        throw new IOException("A local task's ports are read on this machine");
    }

    /** The last scan of the task's host or node, if it is recent enough; otherwise a new one. */
    private Remembered scanned(TaskShellTarget target) throws IOException {
        String key = key(target);
        Instant now = clock.instant();
        Remembered last = remembered.get(key);
        if (last != null && now.isBefore(last.at().plus(REMEMBER_LISTENING))) {
            return last;
        }
        String output;
        if (target instanceof TaskShellTarget.Slurm job) {
            output = slurm.scan(job);
        } else {
            TaskShellTarget.SshHost host = (TaskShellTarget.SshHost) target;
            try {
                // sshd may say things on standard error (a home directory it cannot enter): only the exit status counts
                output = onward.shared(host.host()).executeRemoteCommand(
                        Bash.join(List.of("bash", "-c", SCRIPT, "gantry-ports", host.workingDirectory())),
                        OutputStream.nullOutputStream(), StandardCharsets.UTF_8, COMMAND_TIMEOUT);
            } catch (ShellUnavailableException e) {
                throw new IOException(e.getMessage(), e);
            }
        }
        Remembered scan = new Remembered(now, ports(output), reachableFromElsewhere(output), node(output));
        if (remembered.size() > 1000) {
            remembered.clear();
        }
        remembered.put(key, scan);
        return scan;
    }

    /** The listening ports among the script's output: the inodes it found, matched against the tables it printed. */
    static Set<Integer> ports(String output) {
        return ports(output, false);
    }

    /** Those of {@link #ports} that listen on an address other than the loopback's, so another machine can connect. */
    static Set<Integer> reachableFromElsewhere(String output) {
        return ports(output, true);
    }

    /** The node's name a Slurm scan printed ({@code node NAME}), if any. */
    static Optional<String> node(String output) {
        for (String line : output.split("\n")) {
            if (line.equals("tables")) {
                break;
            }
            if (line.startsWith("node ") && !line.substring(5).isBlank()) {
                return Optional.of(line.substring(5).strip());
            }
        }
        return Optional.empty();
    }

    /**
     * The listening ports among the script's output: the inodes it found, matched against the tables it printed;
     * with {@code beyondLoopback} only those whose socket also listens on an address other than the loopback's.
     */
    private static Set<Integer> ports(String output, boolean beyondLoopback) {
        Set<Long> inodes = new HashSet<>();
        List<String> tables = new ArrayList<>();
        boolean inTables = false;
        for (String line : output.split("\n")) {
            if (inTables) {
                tables.add(line);
            } else if (line.equals("tables")) {
                inTables = true;
            } else if (line.startsWith("inode ")) {
                try {
                    inodes.add(Long.parseLong(line.substring(6).strip()));
                } catch (NumberFormatException e) {
                    // not an inode
                }
            }
        }
        Set<Integer> ports = new TreeSet<>();
        (beyondLoopback ? LocalTaskListeners.listeningBeyondLoopback(tables)
                : LocalTaskListeners.listeningSockets(tables)).forEach((inode, port) -> {
            if (inodes.contains(inode)) {
                ports.add(port);
            }
        });
        return ports;
    }

    @Override
    public Connection connect(TaskShellTarget where, int port) throws IOException {
        if (where instanceof TaskShellTarget.Slurm job) {
            Optional<Connection> direct = direct(job, port);
            return direct.isPresent() ? direct.get() : slurm.connect(job, port);
        }
        if (!(where instanceof TaskShellTarget.SshHost target)) {
            throw new IOException("the task runs on this machine");
        }
        ChannelDirectTcpip channel;
        try {
            ClientSession session = onward.shared(target.host());
            channel = session.createDirectTcpipChannel(new SshdSocketAddress("127.0.0.1", 0),
                    new SshdSocketAddress("127.0.0.1", port));
        } catch (ShellUnavailableException e) {
            throw new IOException(e.getMessage(), e);
        }
        // The channel's own pipe (its inverted output) gives the host its window back only as the bytes are read, so
        // a task that sends faster than the client reads is held back by SSH's flow control. (A pipe of Gantry's set
        // with setOut made MINA give the window back on arrival: the backlog grew in Gantry's memory without bound
        // and every read compacted all of it.) MINA keeps that pipe open after the host's EOF, until the channel
        // closes: an answer followed by the server's close would hang, so the EOF is passed on to the reader here.
        channel.addChannelListener(new ChannelListener() {
            @Override
            public void channelStateChanged(Channel changed, String hint) {
                if (changed instanceof AbstractChannel state && state.isEofSignalled()
                        && channel.getInvertedOut() instanceof ChannelPipedInputStream pipe) {
                    pipe.eof();
                }
            }
        });
        try {
            channel.open().verify(OPEN_TIMEOUT);
        } catch (IOException | RuntimeException e) {
            channel.close(true);
            throw new IOException("The task's host " + target.host().host() + " did not connect to its port " + port
                    + ": " + e.getMessage(), e);
        }
        if (!(channel.getInvertedOut() instanceof ChannelPipedInputStream fromHost)) {
            channel.close(true);
            throw new IOException("The channel to the task's host " + target.host().host() + " has no stream to read");
        }
        return new Onward(channel, fromHost);
    }

    /**
     * A TCP connection from here to the task's port on its node, when the task listens there beyond the node's
     * loopback and the node answers: Slurm's step I/O (about 30 MB/s) is then out of the way. Empty means "use a
     * bridge step". See docs/decisions/0070-forwarding-to-tasks-in-slurm-allocations.md.
     */
    private Optional<Connection> direct(TaskShellTarget.Slurm job, int port) throws IOException {
        if (!slurmDirect) {
            return Optional.empty();
        }
        Remembered scan = scanned(job);
        if (scan.node().isEmpty() || !scan.openPorts().contains(port)) {
            return Optional.empty();
        }
        String node = scan.node().get();
        Instant silentSince = silentNodes.get(node);
        if (silentSince != null && clock.instant().isBefore(silentSince.plus(NODE_SILENT_FOR))) {
            return Optional.empty();
        }
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(node, port), (int) DIRECT_CONNECT_TIMEOUT.toMillis());
            socket.setTcpNoDelay(true);
            silentNodes.remove(node);
            return Optional.of(new Direct(socket));
        } catch (IOException e) {
            socket.close();
            silentNodes.put(node, clock.instant());
            return Optional.empty();
        }
    }

    /**
     * One scan of a host or node: the task's listening ports, those of them that listen beyond the loopback, and
     * the node's name (Slurm only).
     */
    private record Remembered(Instant at, Set<Integer> ports, Set<Integer> openPorts, Optional<String> node) {
    }

    /** A task's port on a Slurm node reached straight over the network. */
    static final class Direct implements Connection {

        private final Socket socket;
        private final InputStream input;
        private final OutputStream output;

        Direct(Socket socket) throws IOException {
            this.socket = socket;
            this.input = socket.getInputStream();
            this.output = socket.getOutputStream();
        }

        @Override
        public InputStream input() {
            return input;
        }

        @Override
        public OutputStream output() {
            return output;
        }

        @Override
        public void readTimeout(Duration timeout) {
            try {
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
            } catch (java.net.SocketException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** A {@code direct-tcpip} channel of the onward connection as a pair of streams. */
    record Onward(ChannelDirectTcpip channel, ChannelPipedInputStream fromHost) implements Connection {

        @Override
        public InputStream input() {
            return fromHost;
        }

        @Override
        public OutputStream output() {
            return channel.getInvertedIn();
        }

        @Override
        public void readTimeout(Duration timeout) {
            fromHost.setTimeout(timeout.toMillis());
        }

        @Override
        public void close() {
            channel.close(false);
        }
    }
}
