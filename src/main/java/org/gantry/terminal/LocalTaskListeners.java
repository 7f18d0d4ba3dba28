package org.gantry.terminal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The TCP ports a task of this machine listens on: sockets in {@code LISTEN} state
 * ({@code /proc/net/tcp}, {@code /proc/net/tcp6}) held open by one of the task's processes.
 *
 * <p>A process is the task's when it runs as the task's OS account and carries the task's
 * working directory in its environment: as {@code HOME}, which the runner sets for the task
 * script, or as {@value ShellScripts#DIR_VARIABLE}, which every shell opened into the task
 * sets. Children inherit both, so a Jupyter kernel or a server started in the background from
 * a terminal counts; a process of another account never does, whatever its environment says.
 * Reading other processes' descriptors and environment needs root or the task's own account,
 * which is what Gantry runs local tasks as.
 */
public final class LocalTaskListeners {

    private static final String LISTEN = "0A";

    private final Path proc;

    public LocalTaskListeners() {
        this(Path.of("/proc"));
    }

    LocalTaskListeners(Path proc) {
        this.proc = proc;
    }

    /** The ports the task's processes listen on, in ascending order. */
    public Set<Integer> ports(OsAccount account, Path workingDirectory) {
        Map<Long, Integer> listening = listeningSockets();
        Set<Integer> ports = new TreeSet<>();
        if (listening.isEmpty()) {
            return ports;
        }
        try (DirectoryStream<Path> processes = Files.newDirectoryStream(proc, "[0-9]*")) {
            for (Path process : processes) {
                if (uid(process).filter(uid -> uid == account.uid()).isEmpty()
                        || !belongsTo(process, workingDirectory)) {
                    continue;
                }
                for (long inode : socketInodes(process)) {
                    Integer port = listening.get(inode);
                    if (port != null) {
                        ports.add(port);
                    }
                }
            }
        } catch (IOException e) {
            return ports;
        }
        return ports;
    }

    /** Socket inode → local port of every listening TCP socket of this network namespace. */
    private Map<Long, Integer> listeningSockets() {
        Map<Long, Integer> sockets = new HashMap<>();
        for (String table : List.of("net/tcp", "net/tcp6")) {
            try {
                sockets.putAll(listeningSockets(Files.readAllLines(proc.resolve(table), StandardCharsets.US_ASCII)));
            } catch (IOException e) {
                // no IPv6 here, or no /proc
            }
        }
        return sockets;
    }

    /**
     * Socket inode → local port of the sockets in {@code LISTEN} state in lines of
     * {@code /proc/net/tcp} or {@code /proc/net/tcp6}; header lines and other states are skipped,
     * so the two tables may come one after the other (as a remote {@code cat} prints them).
     */
    public static Map<Long, Integer> listeningSockets(List<String> tableLines) {
        return listening(tableLines, false);
    }

    /**
     * The same, only for sockets that listen on an address other than the loopback's (a wildcard address or
     * the machine's own): those another machine can connect to.
     */
    public static Map<Long, Integer> listeningBeyondLoopback(List<String> tableLines) {
        return listening(tableLines, true);
    }

    private static Map<Long, Integer> listening(List<String> tableLines, boolean beyondLoopback) {
        Map<Long, Integer> sockets = new HashMap<>();
        for (String line : tableLines) {
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
            String[] fields = line.strip().split("\\s+");
            if (fields.length < 10 || !fields[3].equals(LISTEN)
                    || beyondLoopback && loopback(fields[1].substring(0, Math.max(0, fields[1].indexOf(':'))))) {
                continue;
            }
            try {
                String local = fields[1];
                int port = Integer.parseInt(local.substring(local.indexOf(':') + 1), 16);
                long inode = Long.parseLong(fields[9]);
                if (inode != 0) {
                    sockets.put(inode, port);
                }
            } catch (NumberFormatException e) {
                // not a socket line
            }
        }
        return sockets;
    }

    /**
     * Whether a local address of {@code /proc/net/tcp} (8 hex digits, each 32-bit word in the host's byte order,
     * little-endian here) or {@code tcp6} (32 digits) is a loopback address: 127.0.0.0/8, ::1, or ::ffff:127.x.
     */
    static boolean loopback(String hex) {
        if (hex.length() == 8) {
            return hex.regionMatches(true, 6, "7F", 0, 2);
        }
        if (hex.length() == 32) {
            return hex.equalsIgnoreCase("00000000000000000000000001000000")
                    || hex.regionMatches(true, 0, "0000000000000000FFFF0000", 0, 24) && hex.regionMatches(true, 30, "7F", 0, 2);
        }
        return false;
    }

    private static Optional<Integer> uid(Path process) {
        try {
            for (String line : Files.readAllLines(process.resolve("status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Uid:")) {
                    return Optional.of(Integer.parseInt(line.substring(4).strip().split("\\s+")[0]));
                }
            }
        } catch (IOException | RuntimeException e) {
            // The process ended while we looked.
        }
        return Optional.empty();
    }

    private static boolean belongsTo(Path process, Path workingDirectory) {
        byte[] environ;
        try {
            environ = Files.readAllBytes(process.resolve("environ"));
        } catch (IOException e) {
            return false;
        }
        String dir = workingDirectory.toString();
        for (String variable : new String(environ, StandardCharsets.UTF_8).split("\0")) {
            if (variable.equals("HOME=" + dir) || variable.equals(ShellScripts.DIR_VARIABLE + "=" + dir)) {
                return true;
            }
        }
        return false;
    }

    private static Set<Long> socketInodes(Path process) {
        Set<Long> inodes = new TreeSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
            for (Path fd : fds) {
                try {
                    String link = Files.readSymbolicLink(fd).toString();
                    if (link.startsWith("socket:[") && link.endsWith("]")) {
                        inodes.add(Long.parseLong(link.substring(8, link.length() - 1)));
                    }
                } catch (IOException | RuntimeException e) {
                    // The descriptor closed while we looked.
                }
            }
        } catch (IOException e) {
            // The process ended, or it is not ours to read.
        }
        return inodes;
    }
}
