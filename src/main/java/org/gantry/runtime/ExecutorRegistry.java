package org.gantry.runtime;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/** The executors Gantry has, by kind ({@code local}, {@code ssh}, {@code slurm}). */
@Component
public class ExecutorRegistry {

    private final Map<String, Executor> byKind;

    public ExecutorRegistry(List<Executor> executors) {
        this.byKind = executors.stream().collect(Collectors.toUnmodifiableMap(Executor::kind, Function.identity()));
    }

    /** Every executor, in no particular order. */
    public List<Executor> all() {
        return List.copyOf(byKind.values());
    }

    /** The executor of a kind a virtual cluster names; unknown kinds are a permanent failure. */
    public Executor get(String kind) throws ExecutorException {
        Executor executor = byKind.get(kind);
        if (executor == null) {
            throw ExecutorException.permanent("No executor '" + kind + "'; one of " + byKind.keySet());
        }
        return executor;
    }
}
