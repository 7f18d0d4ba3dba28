package org.gantry.runtime.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Enforces a task's memoryMB: a memory cgroup per attempt (v2, else v1) when Gantry may create
 * one, otherwise an address-space limit through {@code prlimit --as}. Only a cgroup tells a
 * memory kill apart from an ordinary failure; with prlimit an allocation simply fails.
 */
final class MemoryLimits {

    private static final Logger log = LoggerFactory.getLogger(MemoryLimits.class);
    private static final String PARENT = "gantry-tasks";
    /** Attempt cgroups are named {@code task-<hash of the attempt dir>}. */
    static final String GROUP_PREFIX = "task-";

    enum Mode { CGROUP_V2, CGROUP_V1, PRLIMIT, NONE }

    /** How one attempt is limited: a cgroup to join and/or words to put before the task. */
    record Limit(Optional<Path> procsFile, List<String> prefix) {
    }

    private final Mode mode;
    private final Path parent;
    private Set<String> emptyAtLastSweep = Set.of();

    private MemoryLimits(Mode mode, Path parent) {
        this.mode = mode;
        this.parent = parent;
    }

    /** Picks the strongest mechanism the setting ({@code auto, cgroup, prlimit, none}) allows here. */
    static MemoryLimits detect(String setting) {
        String wanted = setting == null ? "auto" : setting.trim().toLowerCase();
        if (wanted.equals("none")) {
            return new MemoryLimits(Mode.NONE, null);
        }
        if (wanted.equals("auto") || wanted.equals("cgroup")) {
            Optional<MemoryLimits> cgroup = cgroupV2().or(MemoryLimits::cgroupV1);
            if (cgroup.isPresent()) {
                return cgroup.get();
            }
            if (wanted.equals("cgroup")) {
                throw new IllegalStateException("gantry.runtime.local.memory-limit=cgroup but no writable memory cgroup");
            }
        }
        return new MemoryLimits(Mode.PRLIMIT, null);
    }

    Mode mode() {
        return mode;
    }

    /** The cgroup holding the attempts' cgroups, when cgroups limit memory. */
    Optional<Path> parentGroup() {
        return Optional.ofNullable(parent);
    }

    private static Optional<MemoryLimits> cgroupV2() {
        for (Path root : List.of(Path.of("/sys/fs/cgroup"), Path.of("/sys/fs/cgroup/unified"))) {
            try {
                Path controllers = root.resolve("cgroup.controllers");
                if (!Files.isRegularFile(controllers) || !Files.readString(controllers).contains("memory")) {
                    continue;
                }
                Path parent = root.resolve(PARENT);
                Files.createDirectories(parent);
                Files.writeString(root.resolve("cgroup.subtree_control"), "+memory");
                Files.writeString(parent.resolve("cgroup.subtree_control"), "+memory");
                return Optional.of(new MemoryLimits(Mode.CGROUP_V2, parent));
            } catch (IOException | RuntimeException e) {
                log.debug("No usable cgroup v2 memory controller under {}: {}", root, e.toString());
            }
        }
        return Optional.empty();
    }

    private static Optional<MemoryLimits> cgroupV1() {
        Path root = Path.of("/sys/fs/cgroup/memory");
        try {
            if (!Files.isRegularFile(root.resolve("memory.limit_in_bytes"))) {
                return Optional.empty();
            }
            Path parent = root.resolve(PARENT);
            Files.createDirectories(parent);
            return Optional.of(new MemoryLimits(Mode.CGROUP_V1, parent));
        } catch (IOException | RuntimeException e) {
            log.debug("No usable cgroup v1 memory controller: {}", e.toString());
            return Optional.empty();
        }
    }

    /**
     * Prepares the limit of one attempt; {@code name} is unique per attempt and stable across
     * restarts. The attempt's runner may already sit in a cgroup of its own
     * ({@code joined}, see {@link #warmGroup}): that cgroup is renamed to the attempt's and
     * limited, and the runner need not join one (the returned limit has no procs file).
     */
    Limit prepare(String name, int memoryMB, Optional<String> joined) throws IOException {
        long bytes = (long) memoryMB * 1024 * 1024;
        if (joined.isPresent() && parent != null) {
            Path group = Files.move(parent.resolve(joined.get()), parent.resolve(name));
            if (memoryMB > 0) {
                limit(group, bytes);
            }
            return new Limit(Optional.empty(), List.of());
        }
        if (memoryMB <= 0 || mode == Mode.NONE) {
            return new Limit(Optional.empty(), List.of());
        }
        if (mode == Mode.PRLIMIT) {
            return new Limit(Optional.empty(), List.of("prlimit", "--as=" + bytes, "--"));
        }
        Path group = parent.resolve(name);
        Files.createDirectories(group);
        limit(group, bytes);
        return new Limit(Optional.of(group.resolve("cgroup.procs")), List.of());
    }

    /**
     * A new cgroup without a limit for a runner started ahead of need: joining a cgroup costs
     * this kernel milliseconds (a grace period), which a waiting runner pays before any task
     * waits on it. Empty when memory is not limited by cgroups.
     */
    Optional<Path> warmGroup(String name) throws IOException {
        if (parent == null) {
            return Optional.empty();
        }
        return Optional.of(Files.createDirectories(parent.resolve(name)).resolve("cgroup.procs"));
    }

    private void limit(Path group, long bytes) throws IOException {
        if (mode == Mode.CGROUP_V2) {
            Files.writeString(group.resolve("memory.max"), Long.toString(bytes));
            writeIfPresent(group.resolve("memory.swap.max"), "0");
            writeIfPresent(group.resolve("memory.oom.group"), "1");
        } else {
            Files.writeString(group.resolve("memory.limit_in_bytes"), Long.toString(bytes));
            writeIfPresent(group.resolve("memory.memsw.limit_in_bytes"), Long.toString(bytes));
        }
    }

    /** Whether the kernel killed a process of the attempt for exceeding its limit. */
    boolean oomKilled(String name) {
        Path group = cgroup(name).orElse(null);
        if (group == null) {
            return false;
        }
        Path file = group.resolve(mode == Mode.CGROUP_V2 ? "memory.events" : "memory.oom_control");
        try {
            for (String line : Files.readAllLines(file)) {
                String[] kv = line.trim().split("\\s+");
                if (kv.length == 2 && kv[0].equals("oom_kill")) {
                    return Long.parseLong(kv[1]) > 0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return false;
        }
        return false;
    }

    /**
     * The attempt cgroup's peak memory use in bytes (v2 {@code memory.peak}, v1
     * {@code memory.max_usage_in_bytes}; both count page cache); empty without a cgroup or
     * on a kernel that does not keep a peak.
     */
    Optional<Long> peakBytes(String name) {
        Optional<Path> group = cgroup(name);
        if (group.isEmpty()) {
            return Optional.empty();
        }
        Path file = group.get().resolve(mode == Mode.CGROUP_V2 ? "memory.peak" : "memory.max_usage_in_bytes");
        try {
            return Optional.of(Long.parseLong(Files.readString(file).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The processes in the attempt's cgroup, including any that left its process group. */
    List<Long> pids(String name) {
        List<Long> pids = new ArrayList<>();
        Optional<Path> group = cgroup(name);
        if (group.isPresent()) {
            try {
                for (String line : Files.readAllLines(group.get().resolve("cgroup.procs"))) {
                    if (!line.isBlank()) {
                        pids.add(Long.parseLong(line.trim()));
                    }
                }
            } catch (IOException | NumberFormatException e) {
                return pids;
            }
        }
        return pids;
    }

    /** Removes the attempt's cgroup once it is empty; harmless when it is gone. */
    void remove(String name) {
        cgroup(name).ifPresent(group -> {
            try {
                Files.deleteIfExists(group);
            } catch (IOException e) {
                log.debug("Memory cgroup {} not removed yet: {}", group, e.toString());
            }
        });
    }

    /**
     * Removes the attempt cgroups that were empty at the previous sweep too: those a crash or a
     * release that came before the last process left behind, and those of runners a stopped
     * Gantry had waiting ({@link WarmRunners}). A cgroup with processes cannot be
     * removed (the kernel refuses), and one that is empty for the first time may be waiting for
     * its runner to join, so both stay. (The age of a cgroup cannot tell: cgroupfs reports the
     * current time as a directory's modification time.)
     *
     * @return how many were removed
     */
    synchronized int sweep() {
        if (parent == null) {
            return 0;
        }
        Set<String> emptyNow = new HashSet<>();
        int removed = 0;
        try (Stream<Path> groups = Files.list(parent)) {
            for (Path group : (Iterable<Path>) groups::iterator) {
                String name = group.getFileName().toString();
                if (!(name.startsWith(GROUP_PREFIX) || name.startsWith(WarmRunners.GROUP_PREFIX))
                        || !Files.isDirectory(group)) {
                    continue;
                }
                try {
                    if (!Files.readString(group.resolve("cgroup.procs")).isBlank()) {
                        continue;
                    }
                    if (emptyAtLastSweep.contains(name)) {
                        Files.delete(group);
                        removed++;
                    } else {
                        emptyNow.add(name);
                    }
                } catch (IOException e) {
                    log.debug("Memory cgroup {} stays: {}", group, e.toString());
                }
            }
        } catch (IOException e) {
            log.debug("Cannot list the memory cgroups under {}: {}", parent, e.toString());
        }
        emptyAtLastSweep = emptyNow;
        return removed;
    }

    private Optional<Path> cgroup(String name) {
        if (parent == null) {
            return Optional.empty();
        }
        Path group = parent.resolve(name);
        return Files.isDirectory(group) ? Optional.of(group) : Optional.empty();
    }

    private static void writeIfPresent(Path file, String value) {
        if (Files.exists(file)) {
            try {
                Files.writeString(file, value);
            } catch (IOException e) {
                log.debug("Could not write {}: {}", file, e.toString());
            }
        }
    }
}
