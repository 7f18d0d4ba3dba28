package org.gantry.runtime.reconcile;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.gantry.runtime.ExecutorException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The targets (executor and target, e.g. {@code ssh lab}) found unreachable in one reconciler
 * pass (decision 0072): their other attempts are neither observed nor settled again in that
 * pass, no task is launched onto them, and one line says how many waited on each. A new pass
 * starts with none: a target that answers again is used at once. Thread-safe; the observers'
 * and settlers' threads share one.
 */
final class UnreachableTargets {

    private static final Logger log = LoggerFactory.getLogger(UnreachableTargets.class);

    private final Map<String, String> why = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> skipped = new ConcurrentHashMap<>();

    static String key(String executor, String target) {
        return executor + (target == null || target.isEmpty() ? "" : " " + target);
    }

    private static String key(TaskAttempt attempt) {
        return key(attempt.getExecutor(), attempt.getTarget());
    }

    /** True, and counted as waiting, when the attempt's target was found unreachable in this pass. */
    boolean skips(TaskAttempt attempt) {
        String key = key(attempt);
        if (!why.containsKey(key)) {
            return false;
        }
        skipped.computeIfAbsent(key, k -> new AtomicInteger()).incrementAndGet();
        return true;
    }

    /** Why the target was found unreachable in this pass, if it was. */
    Optional<String> why(String executor, String target) {
        return Optional.ofNullable(why.get(key(executor, target)));
    }

    /** Records the target of an unreachable failure; false for a failure of this attempt alone. */
    boolean add(TaskAttempt attempt, ExecutorException e) {
        if (!e.isUnreachable()) {
            return false;
        }
        why.putIfAbsent(key(attempt), e.getMessage());
        return true;
    }

    void report() {
        why.forEach((target, message) -> log.warn("Cannot reach {} this pass ({} more task attempt(s) waiting): {}",
                target, skipped.getOrDefault(target, new AtomicInteger()).get(), message));
    }
}
