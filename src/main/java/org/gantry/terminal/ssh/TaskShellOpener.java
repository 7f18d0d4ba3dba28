package org.gantry.terminal.ssh;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import org.apache.sshd.server.Environment;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.session.ServerSession;
import org.gantry.terminal.ShellRequest;
import org.gantry.terminal.ShellUnavailableException;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShell;
import org.gantry.terminal.TerminalAttempt;
import org.gantry.terminal.TerminalService;
import org.gantry.terminal.TerminalSize;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * From a shell or exec request to a shell in the right task: who authenticated and which
 * login name (or task port) they used make the attempt, {@link TerminalService} admits,
 * audits and routes it, and the launcher opens the target's shell.
 *
 * <p>Reads the database and starts processes: call it from a gateway thread, never from
 * MINA's I/O thread.
 */
final class TaskShellOpener {

    private static final Logger log = LoggerFactory.getLogger(TaskShellOpener.class);

    private final GatewayRuntime runtime;

    TaskShellOpener(GatewayRuntime runtime) {
        this.runtime = runtime;
    }

    /** What came of a request. */
    sealed interface Outcome {

        /** The shell runs; {@code route} names the task with role and index filled in. */
        record Opened(TaskShell shell, TaskRoute route, GatewayIdentity identity) implements Outcome {
        }

        /** Not opened; the message is for the person connecting. */
        record Refused(String message) implements Outcome {
        }
    }

    Outcome open(ChannelSession channel, Environment env, Optional<String> execCommand) {
        GatewayIdentity identity = channel.getSession().getAttribute(GatewayIdentity.KEY);
        TerminalService.Admission admission = runtime.terminals().admit(attempt(channel.getSession(), runtime));
        if (admission instanceof TerminalService.Admission.Refused refused) {
            return new Outcome.Refused(refused.message());
        }
        TerminalService.Admission.Allowed allowed = (TerminalService.Admission.Allowed) admission;
        ShellRequest request = new ShellRequest(execCommand,
                hasPty(env) ? Optional.of(new ShellRequest.Pty(env.getEnv().getOrDefault(Environment.ENV_TERM, "xterm"),
                        size(env))) : Optional.empty(),
                env.getEnv());
        try {
            return new Outcome.Opened(runtime.launcher().open(allowed.target(), allowed.route(), request),
                    allowed.route(), identity);
        } catch (ShellUnavailableException e) {
            return new Outcome.Refused(e.getMessage());
        } catch (IOException | RuntimeException e) {
            log.warn("Cannot open a shell in {}", allowed.route(), e);
            return new Outcome.Refused("Cannot open a shell in " + allowed.route().describe() + ": " + e.getMessage());
        }
    }

    /** Whether the client asked for a terminal: MINA then carries its size in the environment. */
    static boolean hasPty(Environment env) {
        return env.getEnv().containsKey(Environment.ENV_COLUMNS);
    }

    /** The client's terminal size as it last told it; 0 for what it did not say. */
    static TerminalSize size(Environment env) {
        return new TerminalSize(parse(env.getEnv().get(Environment.ENV_COLUMNS)),
                parse(env.getEnv().get(Environment.ENV_LINES)));
    }

    /**
     * Who asks for which task from where: the authenticated key's user, the login name (or the
     * task of the task port the client came in on) and the client's address.
     */
    static TerminalAttempt attempt(ServerSession session, GatewayRuntime runtime) {
        GatewayIdentity identity = session.getAttribute(GatewayIdentity.KEY);
        return new TerminalAttempt(Optional.of(identity.username()), identity.via(),
                Optional.of(identity.fingerprint()), runtime.loginName(session.getUsername(), localPort(session)),
                identity.clientAddress().orElseGet(() ->
                        GatewayAuthenticator.address(session.getIoSession().getRemoteAddress())));
    }

    private static int localPort(ServerSession session) {
        return session.getIoSession().getLocalAddress() instanceof InetSocketAddress local ? local.getPort() : -1;
    }

    private static int parse(String value) {
        try {
            return value == null ? 0 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
