package org.gantry.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A network namespace joined to this machine by a veth pair, for a test host (an sshd started
 * in it) whose link can drop every packet without a word: {@link #drop()} adds a blackhole
 * route in the namespace towards this machine's end, so that nothing the host sends comes back
 * (no reset, no refusal), as behind a dead router; {@link #restore()} removes it. Needs root
 * and {@code ip}; {@link #close()} ends what runs in the namespace and removes both.
 */
public final class SilentLink implements AutoCloseable {

    private static final Path IP = Path.of("/usr/sbin/ip");

    private final String namespace;
    private final String hostSide;
    private final String hostAddress;
    private final String address;
    private boolean dropping;

    private SilentLink(String namespace, String hostSide, String hostAddress, String address) {
        this.namespace = namespace;
        this.hostSide = hostSide;
        this.hostAddress = hostAddress;
        this.address = address;
    }

    public static boolean available() {
        return System.getProperty("user.name").equals("root") && Files.isExecutable(IP);
    }

    public static SilentLink create() throws Exception {
        String id = Long.toString(ThreadLocalRandom.current().nextLong(36L * 36 * 36 * 36 * 36), 36);
        // a /30 of its own in 10.231.0.0/16, so that links of tests running side by side do not meet
        int subnet = ThreadLocalRandom.current().nextInt(16384) * 4;
        String prefix = "10.231." + (subnet / 256) + ".";
        SilentLink link = new SilentLink("gantry-sl-" + id, "gsl" + id + "h", prefix + (subnet % 256 + 1),
                prefix + (subnet % 256 + 2));
        try {
            link.ip("netns", "add", link.namespace);
            link.ip("link", "add", link.hostSide, "type", "veth", "peer", "name", "gsl" + id + "n");
            link.ip("link", "set", "gsl" + id + "n", "netns", link.namespace);
            link.ip("addr", "add", link.hostAddress + "/30", "dev", link.hostSide);
            link.ip("link", "set", link.hostSide, "up");
            link.ip("netns", "exec", link.namespace, "ip", "addr", "add", link.address + "/30", "dev", "gsl" + id + "n");
            link.ip("netns", "exec", link.namespace, "ip", "link", "set", "gsl" + id + "n", "up");
            link.ip("netns", "exec", link.namespace, "ip", "link", "set", "lo", "up");
        } catch (Exception e) {
            link.close();
            throw e;
        }
        return link;
    }

    /** The namespace's address, where its host listens. */
    public String address() {
        return address;
    }

    /** The command that runs a program inside the namespace: {@code ip netns exec <name>}. */
    public List<String> exec() {
        return List.of(IP.toString(), "netns", "exec", namespace);
    }

    /** From now on, every packet from the namespace to this machine is dropped. */
    public synchronized void drop() throws Exception {
        if (!dropping) {
            ip("netns", "exec", namespace, "ip", "route", "add", "blackhole", hostAddress + "/32");
            dropping = true;
        }
    }

    /** Packets flow again; connections the client did not give up on carry on. */
    public synchronized void restore() throws Exception {
        if (dropping) {
            ip("netns", "exec", namespace, "ip", "route", "del", "blackhole", hostAddress + "/32");
            dropping = false;
        }
    }

    @Override
    public void close() throws Exception {
        Process pids = new ProcessBuilder(IP.toString(), "netns", "pids", namespace).redirectErrorStream(true).start();
        String out = new String(pids.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        pids.waitFor();
        out.lines().filter(l -> l.matches("\\d+")).forEach(pid -> ProcessHandle.of(Long.parseLong(pid))
                .ifPresent(ProcessHandle::destroyForcibly));
        quietly("link", "del", hostSide);
        quietly("netns", "del", namespace);
    }

    private void quietly(String... args) throws InterruptedException {
        try {
            ip(args);
        } catch (IOException | IllegalStateException e) {
            // already gone
        }
    }

    private void ip(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(IP.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + ": " + out.strip());
        }
    }
}
