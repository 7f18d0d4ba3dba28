package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.gantry.base.shell.ShortCommands;
import org.gantry.runtime.runner.RunnerClaim;

/** Processes of this machine: whether a runner is alive, and signals to process groups. */
final class LocalProcesses {

    private LocalProcesses() {
    }

    /** This host's name as {@code gethostname} gives it (bash's $HOSTNAME). */
    static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
        } catch (IOException e) {
            try {
                return java.net.InetAddress.getLocalHost().getHostName();
            } catch (java.net.UnknownHostException unknown) {
                return "localhost";
            }
        }
    }

    /** The start time of a live (not zombie) process, from /proc. */
    static Optional<Long> startTime(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            if (RunnerClaim.stateFromStat(stat).filter(s -> s == 'Z' || s == 'X').isPresent()) {
                return Optional.empty();
            }
            return RunnerClaim.startTimeFromStat(stat);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Whether the process the claim names still runs (same pid and same start time). */
    static boolean isAlive(RunnerClaim claim) {
        return startTime(claim.pid()).filter(t -> t == claim.startTime()).isPresent();
    }

    /**
     * A process under the runner {@code runnerPid} that lives in another mount namespace than
     * Gantry: the task started in its own to see its storages (StorageMounts). Empty when there
     * is none, or /proc does not say (not root: another account's namespace links are hidden).
     */
    static OptionalLong inOwnMountNamespace(long runnerPid) {
        Optional<Path> own = mountNamespace("self");
        if (own.isEmpty()) {
            return OptionalLong.empty();
        }
        return ProcessHandle.of(runnerPid).stream().flatMap(ProcessHandle::descendants)
                .mapToLong(ProcessHandle::pid).sorted()
                .filter(pid -> mountNamespace(Long.toString(pid)).filter(ns -> !ns.equals(own.get())).isPresent())
                .findFirst();
    }

    private static Optional<Path> mountNamespace(String pid) {
        try {
            return Optional.of(Files.readSymbolicLink(Path.of("/proc", pid, "ns", "mnt")));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** Sends a signal ("TERM", "KILL") to a whole process group; true when kill accepted it. */
    static boolean signalGroup(long pgid, String signal) {
        return kill(List.of("-" + signal, "--", "-" + pgid));
    }

    /** Sends a signal to each of the given processes. */
    static void signalAll(List<Long> pids, String signal) {
        if (pids.isEmpty()) {
            return;
        }
        List<String> args = new ArrayList<>(List.of("-" + signal, "--"));
        pids.forEach(pid -> args.add(Long.toString(pid)));
        kill(args);
    }

    private static boolean kill(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add("kill");
        command.addAll(args);
        return ShortCommands.succeeds(command);
    }
}
