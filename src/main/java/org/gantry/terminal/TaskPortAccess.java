package org.gantry.terminal;

import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * Which ports of a running task may be reached through Gantry (SSH local forwarding, the
 * browser proxy): only the task's own, never another host's or another task's. See
 * docs/decisions/0021-task-port-forwarding.md.
 *
 * <p>For a task of the local executor that is a port one of the task's own processes listens on
 * ({@link LocalTaskListeners}), asked for on the loopback address. For a task of the SSH
 * executor the same check runs on its host through the onward SSH connection
 * ({@link TaskHostPorts}, docs/decisions/0058-forwarding-to-tasks-on-ssh-hosts.md), and for a task
 * in a Slurm allocation in a step of its job on its node
 * (docs/decisions/0070-forwarding-to-tasks-in-slurm-allocations.md).
 */
@Component
public class TaskPortAccess {

    private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "0:0:0:0:0:0:0:1");

    private final LocalTaskListeners listeners;
    private final ObjectProvider<TaskHostPorts> hosts;

    TaskPortAccess(ObjectProvider<TaskHostPorts> hosts) {
        this.listeners = new LocalTaskListeners();
        this.hosts = hosts;
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
        Set<Integer> open;
        if (target instanceof TaskShellTarget.Local local) {
            Optional<OsAccount> account = OsAccount.lookup(local.osAccount());
            if (account.isEmpty()) {
                return Optional.of("The task's account " + local.osAccount() + " does not exist on this machine");
            }
            open = listeners.ports(account.get(), local.workingDirectory());
        } else if (hosts.getIfAvailable() != null) {
            try {
                open = hosts.getIfAvailable().listening(target);
            } catch (IOException e) {
                return Optional.of("Cannot read the ports of task " + route.describe() + " on " + where(target) + ": "
                        + e.getMessage());
            }
        } else {
            return Optional.of("Port forwarding reaches tasks of this machine only here; " + route.describe()
                    + " runs on " + where(target));
        }
        if (open.contains(port)) {
            return Optional.empty();
        }
        return Optional.of("Nothing in task " + route.describe() + " listens on port " + port
                + (open.isEmpty() ? " (it listens on no port)"
                        : " (it listens on " + open.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")"));
    }

    private static String where(TaskShellTarget target) {
        return target instanceof TaskShellTarget.SshHost remote ? "its host " + remote.host().host()
                : "its node in Slurm job " + ((TaskShellTarget.Slurm) target).slurmJobId();
    }

    /** The ports a running task listens on, for the job page's links; empty where that cannot be seen. */
    public Set<Integer> listening(TaskShellTarget target) {
        if (target instanceof TaskShellTarget.Local local) {
            return OsAccount.lookup(local.osAccount())
                    .map(account -> listeners.ports(account, local.workingDirectory())).orElse(Set.of());
        }
        if (hosts.getIfAvailable() != null) {
            try {
                return hosts.getIfAvailable().listening(target);
            } catch (IOException e) {
                return Set.of();
            }
        }
        return Set.of();
    }
}
