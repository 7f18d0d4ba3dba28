package org.gantry.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine's memory, for the local executor's default capacity. */
final class MachineMemory {

    private MachineMemory() {
    }

    /** MemTotal of /proc/meminfo in MiB, or 1024 where there is no /proc. */
    static int totalMb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemTotal:")) {
                    long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    return (int) Math.min(Integer.MAX_VALUE, kb / 1024);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux: fall through to a modest default an admin can raise
        }
        return 1024;
    }
}
