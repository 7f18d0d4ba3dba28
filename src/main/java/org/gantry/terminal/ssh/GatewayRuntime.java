package org.gantry.terminal.ssh;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TerminalProperties;
import org.gantry.terminal.TerminalService;

/** What a {@link TaskShellCommand} needs from the gateway that runs it. */
record GatewayRuntime(TerminalService terminals, TaskShellLauncher launcher, TerminalProperties properties,
                      ExecutorService threads, ScheduledExecutorService scheduler, Set<TaskShellCommand> open,
                      Optional<TaskPorts> taskPorts, OnwardPorts hostPorts) {

    /** The login name to admit: the task's, when the client came in through a task's own port. */
    String loginName(String given, int localPort) {
        return taskPorts.flatMap(ports -> ports.routeFor(localPort)).map(TaskRoute::loginName).orElse(given);
    }

    void opened(TaskShellCommand command) {
        open.add(command);
    }

    void closed(TaskShellCommand command) {
        open.remove(command);
    }
}
