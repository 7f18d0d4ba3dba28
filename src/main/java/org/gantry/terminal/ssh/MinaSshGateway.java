package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnknownHostException;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.common.keyprovider.KeyPairProvider;
import org.apache.sshd.common.session.SessionHeartbeatController;
import org.apache.sshd.core.CoreModuleProperties;
import org.apache.sshd.server.ServerBuilder;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.auth.pubkey.UserAuthPublicKeyFactory;
import org.apache.sshd.server.channel.ChannelSessionFactory;
import org.gantry.base.GantryProperties;
import org.gantry.base.ssh.MinaSshClient;
import org.gantry.terminal.BrowserKeys;
import org.gantry.terminal.OpenTerminal;
import org.gantry.terminal.SshGateway;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellLookup;
import org.gantry.terminal.TerminalProperties;
import org.gantry.terminal.TerminalService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Gantry's SSH gateway: an embedded MINA SSHD server that lets users in by public key and
 * routes each session into the task its login name names ({@code alice~train~worker~0}, see
 * docs/decisions/0007-ssh-gateway-routing.md). Shells, exec requests, SFTP into the task's
 * working directory (docs/decisions/0022-task-files-over-sftp.md) and local port forwarding to
 * the task's own ports (docs/decisions/0021-task-port-forwarding.md) are served: no remote,
 * agent or X11 forwarding, no password login.
 */
@Component
public class MinaSshGateway implements SshGateway, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(MinaSshGateway.class);
    private static final Duration TASK_PORT_SWEEP = Duration.ofSeconds(10);

    private final TerminalProperties properties;
    private final GantryProperties gantry;
    private final GatewayAuthenticator authenticator;
    private final TaskShellLauncher launcher;
    private final OnwardPorts hostPorts;
    private final TerminalService terminals;
    private final java.util.Set<TaskShellCommand> open = ConcurrentHashMap.newKeySet();
    private volatile SshServer server;
    private Optional<TaskPorts> taskPorts = Optional.empty();
    private volatile KeyPair hostKey;
    private ExecutorService threads;
    private ScheduledExecutorService scheduler;

    MinaSshGateway(TerminalProperties properties, GantryProperties gantry, SshKeyService keys, BrowserKeys browserKeys,
                   TerminalService terminals, TaskShellLauncher launcher, OnwardPorts hostPorts) {
        this.properties = properties;
        this.gantry = gantry;
        this.terminals = terminals;
        this.launcher = launcher;
        this.hostPorts = hostPorts;
        this.authenticator = new GatewayAuthenticator(keys, browserKeys, terminals);
    }

    @Override
    public void start() {
        if (!properties.enabled()) {
            log.info("SSH gateway disabled (gantry.terminal.enabled=false)");
            return;
        }
        try {
            hostKey = GatewayHostKey.loadOrCreate(gantry.dataDir().resolve("terminal"));
            threads = Executors.newCachedThreadPool(daemonThreads("gantry-terminal-"));
            scheduler = Executors.newSingleThreadScheduledExecutor(daemonThreads("gantry-terminal-watch-"));
            TaskPorts.Server created = (TaskPorts.Server) ServerBuilder.builder().factory(TaskPorts.Server::new).build();
            taskPorts = TaskPorts.range(properties.taskPorts())
                    .map(range -> new TaskPorts(created, properties.bindAddress(), range[0], range[1]));
            GatewayRuntime runtime = new GatewayRuntime(terminals, launcher, properties, threads, scheduler, open,
                    taskPorts, hostPorts);
            created.setHost(properties.bindAddress());
            created.setPort(properties.sshPort());
            created.setKeyPairProvider(KeyPairProvider.wrap(hostKey));
            created.setUserAuthFactories(List.of(UserAuthPublicKeyFactory.INSTANCE));
            created.setPublickeyAuthenticator(authenticator);
            created.setPasswordAuthenticator(null);
            created.setKeyboardInteractiveAuthenticator(null);
            created.setForwardingFilter(new TaskForwardChannel.Filter());
            created.setChannelFactories(List.of(ChannelSessionFactory.INSTANCE, new TaskForwardChannel.Factory(runtime)));
            created.setAgentFactory(null);
            created.addSessionListener(authenticator);
            created.setShellFactory(channel -> new TaskShellCommand(Optional.empty(), runtime));
            created.setCommandFactory((channel, command) -> new TaskShellCommand(Optional.of(command), runtime));
            created.setSubsystemFactories(List.of(TaskSftp.factory(runtime)));
            configure(created);
            created.start();
            server = created;
            taskPorts.ifPresent(ports -> scheduler.scheduleWithFixedDelay(() -> closeEndedTaskPorts(ports),
                    TASK_PORT_SWEEP.toMillis(), TASK_PORT_SWEEP.toMillis(), TimeUnit.MILLISECONDS));
            log.info("SSH gateway listening on {}:{} (host key {})", properties.bindAddress(), port(),
                    hostKeyFingerprint());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start the SSH gateway on port " + properties.sshPort(), e);
        }
    }

    private void configure(SshServer created) {
        CoreModuleProperties.TCP_NODELAY.set(created, true);
        CoreModuleProperties.SOCKET_KEEPALIVE.set(created, true);
        CoreModuleProperties.AUTH_TIMEOUT.set(created, properties.authTimeout());
        // Keepalives keep NATs and proxies from dropping a quiet terminal; a dead client is
        // found by TCP keepalive and failing writes.
        created.setSessionHeartbeat(SessionHeartbeatController.HeartbeatType.IGNORE, properties.keepaliveInterval());
        // MINA's own idle timer backs up the terminals' (see GatewayIdleTimeout).
        CoreModuleProperties.IDLE_TIMEOUT.set(created, GatewayIdleTimeout.sessionTimer(properties));
        created.setSessionDisconnectHandler(new GatewayIdleTimeout(properties.idleTimeout()));
        CoreModuleProperties.SERVER_IDENTIFICATION.set(created, "Gantry");
        // AES-GCM first for every client, AES-GCM only for OpenSSH clients that list it (GatewayCiphers).
        created.setCipherFactories(MinaSshClient.aesGcmFirst(created.getCipherFactories()));
        created.setSessionFactory(new GatewayCiphers.Sessions(created));
    }

    @Override
    public void stop() {
        SshServer running = server;
        server = null;
        if (running != null) {
            try {
                running.stop(true);
            } catch (IOException e) {
                log.warn("Stopping the SSH gateway", e);
            }
        }
        if (scheduler != null) {
            scheduler.shutdownNow();
        }
        if (threads != null) {
            threads.shutdownNow();
        }
    }

    @Override
    public boolean isRunning() {
        return server != null && server.isStarted();
    }

    @Override
    public int port() {
        SshServer running = server;
        if (running == null) {
            throw new IllegalStateException("The SSH gateway is not running");
        }
        for (SocketAddress address : running.getBoundAddresses()) {
            if (address instanceof InetSocketAddress inet) {
                return inet.getPort();
            }
        }
        return running.getPort();
    }

    @Override
    public String hostPublicKey() {
        return PublicKeyEntry.toString(requireHostKey().getPublic());
    }

    @Override
    public String hostKeyFingerprint() {
        return MinaSshKeyCodec.fingerprint(requireHostKey().getPublic());
    }

    @Override
    public String advertisedHost() {
        return properties.advertisedHost().orElseGet(() -> {
            try {
                return InetAddress.getLocalHost().getCanonicalHostName();
            } catch (UnknownHostException e) {
                return "localhost";
            }
        });
    }

    @Override
    public OptionalInt taskPort(TaskRoute route) {
        return taskPorts.map(ports -> ports.portFor(route)).orElse(OptionalInt.empty());
    }

    private void closeEndedTaskPorts(TaskPorts ports) {
        for (TaskRoute route : ports.routes()) {
            try {
                if (!(terminals.lookup(route) instanceof TaskShellLookup.Running)) {
                    ports.release(route);
                }
            } catch (RuntimeException e) {
                log.warn("Cannot tell whether {} still runs", route, e);
            }
        }
    }

    @Override
    public List<OpenTerminal> openTerminals() {
        return open.stream().map(TaskShellCommand::summary).toList();
    }

    private KeyPair requireHostKey() {
        if (hostKey == null) {
            throw new IllegalStateException("The SSH gateway is not running");
        }
        return hostKey;
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
