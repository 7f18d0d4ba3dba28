package org.gantry.terminal.ssh;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.Signal;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.channel.ChannelSessionAware;
import org.apache.sshd.server.command.Command;
import org.gantry.terminal.OpenTerminal;
import org.gantry.terminal.ShellRequest;
import org.gantry.terminal.ShellUnavailableException;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShell;
import org.gantry.terminal.TaskShellLookup;
import org.gantry.terminal.TerminalAttempt;
import org.gantry.terminal.TerminalService;
import org.gantry.terminal.TerminalSize;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One shell or exec request on the gateway: admits it, opens the task's shell and pumps bytes
 * both ways until either side ends.
 *
 * <p>Output is copied with blocking writes: when the client's SSH window is full the pump
 * stops reading, the pty fills and the task's writes block. The server holds at most one
 * buffer per terminal, and Ctrl-C, travelling the other way, is never queued behind output.
 */
final class TaskShellCommand implements Command, ChannelSessionAware {

    static final int EXIT_REFUSED = 1;
    private static final int BUFFER_SIZE = 32 * 1024;
    private static final long MESSAGE_WAIT_SECONDS = 2;
    private static final Logger log = LoggerFactory.getLogger(TaskShellCommand.class);

    private final Optional<String> execCommand;
    private final GatewayRuntime runtime;
    private final AtomicBoolean finished = new AtomicBoolean();
    private final AtomicLong bytesFromShell = new AtomicLong();
    private final AtomicLong bytesToClient = new AtomicLong();
    private final ReentrantLock outputLock = new ReentrantLock();
    private ShellInput input;
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;
    private volatile TaskShell shell;
    private volatile boolean pty;
    private volatile ScheduledFuture<?> watch;
    private volatile OpenTerminal summary;

    TaskShellCommand(Optional<String> execCommand, GatewayRuntime runtime) {
        this.execCommand = execCommand;
        this.runtime = runtime;
    }

    @Override
    public void setChannelSession(ChannelSession channel) {
        // Our own receiver instead of MINA's pipe: see ShellInput.
        input = new ShellInput(channel, runtime.threads(), channel.getEnvironment().getEnv()
                .containsKey(Environment.ENV_COLUMNS));
        channel.setDataReceiver(input);
    }

    @Override
    public void setInputStream(InputStream in) {
        // Input arrives through ShellInput.
    }

    @Override
    public void setOutputStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void setErrorStream(OutputStream err) {
        this.err = err;
    }

    @Override
    public void setExitCallback(ExitCallback exit) {
        this.exit = exit;
    }

    @Override
    public void start(ChannelSession channel, Environment env) {
        // Admission reads the database and starting a process takes a while: not on MINA's I/O thread.
        runtime.threads().execute(() -> run(channel, env));
    }

    private void run(ChannelSession channel, Environment env) {
        Thread.currentThread().setName("gantry-terminal-out-" + channel.getChannelId());
        GatewayIdentity identity = channel.getSession().getAttribute(GatewayIdentity.KEY);
        pty = env.getEnv().containsKey(Environment.ENV_COLUMNS);
        TerminalAttempt attempt = new TerminalAttempt(Optional.of(identity.username()), identity.via(),
                Optional.of(identity.fingerprint()),
                runtime.loginName(channel.getSession().getUsername(), localPort(channel)),
                identity.clientAddress().orElseGet(() ->
                        GatewayAuthenticator.address(channel.getSession().getIoSession().getRemoteAddress())));
        TerminalService.Admission admission = runtime.terminals().admit(attempt);
        if (admission instanceof TerminalService.Admission.Refused refused) {
            finish(EXIT_REFUSED, refused.message());
            return;
        }
        TerminalService.Admission.Allowed allowed = (TerminalService.Admission.Allowed) admission;
        ShellRequest request = new ShellRequest(execCommand,
                pty ? Optional.of(new ShellRequest.Pty(env.getEnv().getOrDefault(Environment.ENV_TERM, "xterm"),
                        size(env))) : Optional.empty(),
                env.getEnv());
        try {
            shell = runtime.launcher().open(allowed.target(), allowed.route(), request);
        } catch (ShellUnavailableException e) {
            finish(EXIT_REFUSED, e.getMessage());
            return;
        } catch (IOException | RuntimeException e) {
            log.warn("Cannot open a shell in {}", allowed.route(), e);
            finish(EXIT_REFUSED, "Cannot open a shell in " + allowed.route().describe() + ": " + e.getMessage());
            return;
        }
        summary = new OpenTerminal(identity.username(), identity.via(), allowed.route(), Instant.now(), 0, 0);
        runtime.opened(this);
        env.addSignalListener((ch, signal) -> shell.resize(size(env)), Signal.WINCH);
        watch = runtime.scheduler().scheduleWithFixedDelay(() -> check(allowed.route()),
                runtime.properties().taskCheckInterval().toMillis(), runtime.properties().taskCheckInterval().toMillis(),
                TimeUnit.MILLISECONDS);
        input.started(shell);
        Future<?> errors = shell.errorOutput().<Future<?>>map(stream -> runtime.threads().submit(() -> pump(stream, err)))
                .orElse(null);
        runtime.threads().execute(this::awaitExit);
        pump(shell.output(), out);
        if (errors != null) {
            awaitQuietly(errors);
        }
    }

    /** Copies shell output to the client until the shell closes it. */
    private void pump(InputStream from, OutputStream to) {
        byte[] buffer = new byte[BUFFER_SIZE];
        try {
            int n;
            while ((n = from.read(buffer)) > 0) {
                bytesFromShell.addAndGet(n);
                outputLock.lock();
                try {
                    to.write(buffer, 0, n);
                    to.flush();
                } finally {
                    outputLock.unlock();
                }
                bytesToClient.addAndGet(n);
            }
        } catch (IOException e) {
            // The shell or the channel went away; awaitExit or destroy finishes the command.
        }
    }

    private void awaitExit() {
        try {
            int code = shell.waitFor();
            // Let the output pump pass on what the shell wrote last before the exit status.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            long seen = -1;
            while (System.nanoTime() < deadline && seen != bytesToClient.get()) {
                seen = bytesToClient.get();
                Thread.sleep(50);
            }
            finish(code, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes the terminal when its task has ended or nobody typed for the idle timeout. */
    private void check(TaskRoute route) {
        long idleNanos = System.nanoTime() - input.lastInputNanos();
        if (idleNanos > runtime.properties().idleTimeout().toNanos()) {
            String message = "Closing this terminal: no input for " + describe(runtime.properties().idleTimeout())
                    + " (gantry.terminal.idle-timeout)";
            runtime.threads().execute(() -> finish(EXIT_REFUSED, message));
            return;
        }
        TaskShellLookup lookup = runtime.terminals().lookup(route);
        if (lookup instanceof TaskShellLookup.Unavailable unavailable) {
            runtime.threads().execute(() -> finish(EXIT_REFUSED, unavailable.message() + "; closing this terminal"));
        }
    }

    /** Ends the command once: a message for the user when Gantry ends it, then the exit status. */
    private void finish(int code, String message) {
        if (!finished.compareAndSet(false, true)) {
            return;
        }
        if (watch != null) {
            watch.cancel(false);
        }
        if (message != null) {
            message(message);
        }
        input.discard();
        if (shell != null) {
            shell.close();
        }
        runtime.closed(this);
        exit.onExit(code, message == null ? "" : message);
    }

    private void message(String text) {
        String line = pty ? "\r\n" + text.replace("\n", "\r\n") + "\r\n" : text + "\n";
        OutputStream target = pty ? out : err;
        try {
            // The output pump holds the lock while the client's window is full; a client that
            // reads nothing more gets no message rather than a terminal that never closes.
            if (outputLock.tryLock(MESSAGE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                try {
                    target.write(line.getBytes(StandardCharsets.UTF_8));
                    target.flush();
                } finally {
                    outputLock.unlock();
                }
            }
        } catch (IOException e) {
            // The client is gone; nobody is left to read the message.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void destroy(ChannelSession channel) {
        // The client closed the channel or the connection dropped.
        if (finished.compareAndSet(false, true)) {
            if (watch != null) {
                watch.cancel(false);
            }
            input.discard();
            if (shell != null) {
                shell.close();
            }
            runtime.closed(this);
        }
    }

    OpenTerminal summary() {
        OpenTerminal opened = summary;
        return new OpenTerminal(opened.username(), opened.via(), opened.route(), opened.openedAt(),
                bytesFromShell.get(), bytesToClient.get());
    }

    private static int localPort(ChannelSession channel) {
        return channel.getSession().getIoSession().getLocalAddress() instanceof InetSocketAddress local
                ? local.getPort() : -1;
    }

    private static String describe(Duration duration) {
        return duration.toMinutes() > 0 ? duration.toMinutes() + " min" : duration.toSeconds() + " s";
    }

    private static TerminalSize size(Environment env) {
        return new TerminalSize(parse(env.getEnv().get(Environment.ENV_COLUMNS)),
                parse(env.getEnv().get(Environment.ENV_LINES)));
    }

    private static int parse(String value) {
        try {
            return value == null ? 0 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static void awaitQuietly(Future<?> future) {
        try {
            future.get();
        } catch (Exception e) {
            // The pump's end is all that matters here.
        }
    }
}
