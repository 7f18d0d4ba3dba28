package org.gantry.job;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Callers waiting for jobs to end: a registered future completes after the commit that puts
 * its job ({@code user~name}) in a final state. Register first, then read the job's state: an
 * end committed in between completes the future too, so no end is missed.
 */
@Component
public class JobEndWaits {

    /** More waits than this at once are refused: each holds an open request. */
    static final int MAX_WAITS = 10_000;

    private final Map<String, Set<CompletableFuture<Void>>> waiting = new ConcurrentHashMap<>();
    private final AtomicInteger count = new AtomicInteger();

    /** A future that completes when the job ends; empty when too many wait already. */
    public Optional<CompletableFuture<Void>> register(String frameworkName) {
        if (count.incrementAndGet() > MAX_WAITS) {
            count.decrementAndGet();
            return Optional.empty();
        }
        CompletableFuture<Void> end = new CompletableFuture<>();
        waiting.computeIfAbsent(frameworkName, k -> ConcurrentHashMap.newKeySet()).add(end);
        return Optional.of(end);
    }

    /** Forgets a wait that ended (completed, timed out, or answered without waiting). */
    public void release(String frameworkName, CompletableFuture<Void> end) {
        waiting.computeIfPresent(frameworkName, (k, set) -> {
            if (set.remove(end)) {
                count.decrementAndGet();
            }
            return set.isEmpty() ? null : set;
        });
    }

    /** How many wait now. */
    int waiting() {
        return count.get();
    }

    @TransactionalEventListener(fallbackExecution = true)
    void onJobStateChanged(JobStateChanged event) {
        if (!event.state().isFinal()) {
            return;
        }
        Set<CompletableFuture<Void>> ends = waiting.get(event.frameworkName());
        if (ends != null) {
            ends.forEach(end -> end.complete(null));
        }
    }
}
