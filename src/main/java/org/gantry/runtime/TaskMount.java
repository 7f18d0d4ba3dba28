package org.gantry.runtime;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A storage a task sees at {@code mountPath}. {@code source} is its directory on Gantry's host,
 * which the local executor mounts there for the task alone; empty where the task's machine
 * has it mounted at that path already (an SSH host, a Slurm node).
 */
public record TaskMount(String name, String mountPath, boolean readOnly, Optional<Path> source) {

    public TaskMount {
        if (!mountPath.startsWith("/") || mountPath.equals("/")) {
            throw new IllegalArgumentException("Not a mount path: " + mountPath);
        }
    }

    /** The variable naming the mount path: {@code GANTRY_STORAGE_<name>}, other characters made '_'. */
    public String variable() {
        return "GANTRY_STORAGE_" + TaskEnvironment.varPart(name);
    }
}
