package org.gantry.job;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
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
    /** Answers ended waits off the thread that committed the end (the reconciler's). */
    private final Executor answers = Executors.newFixedThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "job-wait-answer");
        thread.setDaemon(true);
        return thread;
    });

    /**
     * A long poll: {@code status} made once job {@code frameworkName} has ended, or after
     * {@code seconds} with the state it has then, on the waits' own threads. Empty when the
     * caller answers at once: the job has ended already ({@code ended} tells, asked after
     * registering), or too many wait.
     */
    public <T> Optional<CompletableFuture<T>> statusAfterEnd(String frameworkName, BooleanSupplier ended,
                                                             int seconds, Supplier<T> status) {
        Optional<CompletableFuture<Void>> end = register(frameworkName);
        boolean waits = false;
        try {
            waits = end.isPresent() && !ended.getAsBoolean();
        } finally {
            if (!waits) {
                end.ifPresent(f -> release(frameworkName, f));
            }
        }
        if (!waits) {
            return Optional.empty();
        }
        CompletableFuture<T> answer = new CompletableFuture<>();
        end.get().completeOnTimeout(null, seconds, TimeUnit.SECONDS).whenCompleteAsync((done, failure) -> {
            release(frameworkName, end.get());
            try {
                answer.complete(status.get());
            } catch (RuntimeException e) {
                answer.completeExceptionally(e);
            }
        }, answers);
        return Optional.of(answer);
    }

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
