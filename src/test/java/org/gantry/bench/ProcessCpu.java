package org.gantry.bench;

import java.nio.file.Path;
import java.time.Duration;

/** CPU time used by a process, and by a PostgreSQL server with all its backends. */
public final class ProcessCpu {

    private ProcessCpu() {
    }

    public static Duration of(ProcessHandle process) {
        return process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /**
     * The server and all its backends: the processes whose postmaster runs in {@code dataDir}
     * (a backend that has ended since is not counted, so measure over a pool's lasting connections).
     */
    public static Duration postgres(Path dataDir) {
        return ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().map(c -> c.contains(dataDir.toString())).orElse(false))
                .filter(p -> p.info().command().map(c -> c.endsWith("postgres")).orElse(false))
                .map(p -> p.descendants().map(ProcessCpu::of).reduce(of(p), Duration::plus))
                .reduce(Duration.ZERO, Duration::plus);
    }
}
