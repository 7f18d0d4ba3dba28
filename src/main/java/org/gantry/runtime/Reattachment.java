package org.gantry.runtime;

import java.util.Optional;

/**
 * The outcome of {@link Executor#reattach}: the attempt was started and here is its handle, or
 * it never started and is now fenced so that it never will.
 */
public record Reattachment(Optional<ExecutionHandle> handle) {

    public static Reattachment started(ExecutionHandle handle) {
        return new Reattachment(Optional.of(handle));
    }

    public static Reattachment neverStarted() {
        return new Reattachment(Optional.empty());
    }

    public boolean wasStarted() {
        return handle.isPresent();
    }
}
