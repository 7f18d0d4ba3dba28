package org.gantry.terminal;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Which ports of a running task may be reached through Gantry (SSH local forwarding, the
 * browser proxy): only the task's own, never another host's or another task's. See
 * docs/decisions/0021-task-port-forwarding.md.
 *
 * <p>For a task of the local executor that is a port one of the task's own processes listens on
 * ({@link LocalTaskListeners}), asked for on the loopback address. Tasks of the SSH and Slurm
 * executors are refused for now: their ports lie on another machine, which the check here
 * cannot see.
 */
@Component
public class TaskPortAccess {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "0:0:0:0:0:0:0:1");

    private final LocalTaskListeners listeners;

    TaskPortAccess() {
        this.listeners = new LocalTaskListeners();
    }

    /** Whether {@code host} names the task's own machine as seen from inside it. */
    public static boolean isLoopback(String host) {
        return host != null && LOOPBACK.contains(host.toLowerCase(Locale.ROOT));
    }

    /**
     * @return empty when {@code host:port} is the task's own; otherwise why not, for the person asking
     */
    public Optional<String> refusal(TaskShellTarget target, TaskRoute route, String host, int port) {
        if (!isLoopback(host)) {
            return Optional.of("Only the task's own ports can be reached, on localhost; not " + host + ":" + port);
        }
        if (port < 1 || port > 65535) {
            return Optional.of(port + " is not a TCP port");
        }
        if (!(target instanceof TaskShellTarget.Local local)) {
            return Optional.of("Port forwarding reaches tasks of the local executor only; " + route.describe()
                    + " runs on another machine");
        }
        Optional<OsAccount> account = OsAccount.lookup(local.osAccount());
        if (account.isEmpty()) {
            return Optional.of("The task's account " + local.osAccount() + " does not exist on this machine");
        }
        Set<Integer> open = listeners.ports(account.get(), local.workingDirectory());
        if (open.contains(port)) {
            return Optional.empty();
        }
        return Optional.of("Nothing in task " + route.describe() + " listens on port " + port
                + (open.isEmpty() ? " (it listens on no port)"
                        : " (it listens on " + open.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")"));
    }

    /** The ports a running task listens on, for the job page's links; empty where that cannot be seen. */
    public Set<Integer> listening(TaskShellTarget target) {
        if (target instanceof TaskShellTarget.Local local) {
            return OsAccount.lookup(local.osAccount())
                    .map(account -> listeners.ports(account, local.workingDirectory())).orElse(Set.of());
        }
        return Set.of();
    }
}
