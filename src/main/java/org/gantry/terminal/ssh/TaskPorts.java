package org.gantry.terminal.ssh;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.sshd.server.SshServer;
import org.gantry.terminal.TaskRoute;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A port of its own for each running task that asks for one, as OpenPAI gives each container
 * its ssh port: a connection to it enters that task whatever its login name, so the command
 * OpenPAI's {@code pai ssh} prints ({@code ssh -l root -p <port> <host>}) works. Ports are
 * taken from a range, skipping those something else holds, and given back when the task ends.
 */
final class TaskPorts {

    private static final Logger log = LoggerFactory.getLogger(TaskPorts.class);

    private final Server server;
    private final String bindAddress;
    private final int first;
    private final int last;
    private final Map<Integer, TaskRoute> routes = new HashMap<>();
    private final Map<TaskRoute, Integer> ports = new HashMap<>();
    private final Map<Integer, SocketAddress> bound = new HashMap<>();

    TaskPorts(Server server, String bindAddress, int first, int last) {
        this.server = server;
        this.bindAddress = bindAddress;
        this.first = first;
        this.last = last;
    }

    /** Parses {@code 2223-2399}; empty when blank (task ports off). */
    static Optional<int[]> range(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String[] bounds = text.strip().split("-", 2);
        int from = Integer.parseInt(bounds[0].strip());
        int to = bounds.length > 1 ? Integer.parseInt(bounds[1].strip()) : from;
        if (from < 1 || to > 65535 || from > to) {
            throw new IllegalArgumentException("gantry.terminal.task-ports must be a range like 2223-2399, not " + text);
        }
        return Optional.of(new int[] {from, to});
    }

    /** The task's port, bound now if it has none yet; empty when the range is used up. */
    synchronized OptionalInt portFor(TaskRoute route) {
        Integer known = ports.get(route);
        if (known != null) {
            return OptionalInt.of(known);
        }
        for (int port = first; port <= last; port++) {
            if (routes.containsKey(port)) {
                continue;
            }
            try {
                bound.put(port, server.bind(new InetSocketAddress(bindAddress, port)));
            } catch (IOException e) {
                continue;
            }
            routes.put(port, route);
            ports.put(route, port);
            log.info("SSH gateway port {} enters {}", port, route);
            return OptionalInt.of(port);
        }
        log.warn("No free SSH gateway port in {}-{} for {}", first, last, route);
        return OptionalInt.empty();
    }

    /** The task a port leads to, when it is one of the task ports. */
    synchronized Optional<TaskRoute> routeFor(int port) {
        return Optional.ofNullable(routes.get(port));
    }

    synchronized List<TaskRoute> routes() {
        return List.copyOf(ports.keySet());
    }

    /** Closes the task's port: its task has ended. */
    synchronized void release(TaskRoute route) {
        Integer port = ports.remove(route);
        if (port != null) {
            routes.remove(port);
            server.unbind(bound.remove(port));
            log.info("SSH gateway port {} of {} closed", port, route);
        }
    }

    /** The gateway's server, able to listen on more addresses than its main one. */
    static final class Server extends SshServer {

        /** Listens on one more address; returns it as bound (the acceptor's key for unbinding). */
        SocketAddress bind(InetSocketAddress address) throws IOException {
            Set<SocketAddress> before = new HashSet<>(acceptor.getBoundAddresses());
            acceptor.bind(address);
            Set<SocketAddress> added = new HashSet<>(acceptor.getBoundAddresses());
            added.removeAll(before);
            return added.isEmpty() ? address : added.iterator().next();
        }

        void unbind(SocketAddress address) {
            acceptor.unbind(address);
        }
    }
}
