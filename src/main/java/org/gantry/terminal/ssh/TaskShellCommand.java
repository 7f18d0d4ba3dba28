package org.gantry.terminal.ssh;

import java.io.InputStream;
import java.io.OutputStream;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.ExitCallback;
import org.apache.sshd.server.Signal;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.channel.ChannelSessionAware;
import org.apache.sshd.server.command.Command;
import org.gantry.terminal.OpenTerminal;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShell;
import org.gantry.terminal.TaskShellLookup;

/**
 * One shell or exec request on the gateway, from MINA's start to its exit status: the
 * {@link TaskShellOpener} admits it and opens the task's shell, {@link ShellInput} and
 * {@link ShellOutput} carry bytes both ways, and a watch ends it when its task ends or
 * nobody types for the idle timeout.
 */
final class TaskShellCommand implements Command, ChannelSessionAware {

    static final int EXIT_REFUSED = 1;

    private final Optional<String> execCommand;
    private final GatewayRuntime runtime;
    private final AtomicBoolean finished = new AtomicBoolean();
    private ShellInput input;
    private OutputStream out;
    private OutputStream err;
    private ExitCallback exit;
    private volatile ShellOutput output;
    private volatile TaskShell shell;
    private volatile ScheduledFuture<?> watch;
    private volatile OpenTerminal summary;

    TaskShellCommand(Optional<String> execCommand, GatewayRuntime runtime) {
        this.execCommand = execCommand;
        this.runtime = runtime;
    }

    @Override
    public void setChannelSession(ChannelSession channel) {
        // Our own receiver instead of MINA's pipe: see ShellInput.
        input = new ShellInput(channel, runtime.threads(), TaskShellOpener.hasPty(channel.getEnvironment()));
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
        output = new ShellOutput(out, err, TaskShellOpener.hasPty(env));
        TaskShellOpener.Outcome outcome = new TaskShellOpener(runtime).open(channel, env, execCommand);
        if (outcome instanceof TaskShellOpener.Outcome.Refused refused) {
            finish(EXIT_REFUSED, refused.message());
            return;
        }
        TaskShellOpener.Outcome.Opened opened = (TaskShellOpener.Outcome.Opened) outcome;
        shell = opened.shell();
        summary = new OpenTerminal(opened.identity().username(), opened.identity().via(), opened.route(),
                Instant.now(), 0, 0);
        runtime.opened(this);
        env.addSignalListener((ch, signal) -> shell.resize(TaskShellOpener.size(env)), Signal.WINCH);
        long checkMillis = runtime.properties().taskCheckInterval().toMillis();
        watch = runtime.scheduler().scheduleWithFixedDelay(() -> check(opened.route()), checkMillis, checkMillis,
                TimeUnit.MILLISECONDS);
        input.started(shell);
        Future<?> errors = shell.errorOutput()
                .<Future<?>>map(stream -> runtime.threads().submit(() -> output.pumpErrors(stream)))
                .orElse(null);
        runtime.threads().execute(this::awaitExit);
        output.pumpOutput(shell.output());
        if (errors != null) {
            awaitQuietly(errors);
        }
    }

    private void awaitExit() {
        try {
            int code = shell.waitFor();
            output.awaitLastOutput();
            finish(code, null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Closes the terminal when its task has ended, or when for the idle timeout nobody typed and
     * nothing was printed (a terminal following a training's output is in use).
     */
    private void check(TaskRoute route) {
        long idleNanos = System.nanoTime() - Math.max(input.lastInputNanos(), output.lastOutputNanos());
        if (idleNanos > runtime.properties().idleTimeout().toNanos()) {
            String message = GatewayIdleTimeout.terminalMessage(runtime.properties().idleTimeout());
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
            output.message(message);
        }
        release();
        exit.onExit(code, message == null ? "" : message);
    }

    @Override
    public void destroy(ChannelSession channel) {
        // The client closed the channel or the connection dropped.
        if (finished.compareAndSet(false, true)) {
            if (watch != null) {
                watch.cancel(false);
            }
            release();
        }
    }

    private void release() {
        input.discard();
        if (shell != null) {
            shell.close();
        }
        runtime.closed(this);
    }

    OpenTerminal summary() {
        OpenTerminal opened = summary;
        return new OpenTerminal(opened.username(), opened.via(), opened.route(), opened.openedAt(),
                output.bytesFromShell(), output.bytesToClient());
    }

    private static void awaitQuietly(Future<?> future) {
        try {
            future.get();
        } catch (Exception e) {
            // The pump's end is all that matters here.
        }
    }
}
