package org.gantry.job;

import jakarta.annotation.PreDestroy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.gantry.base.db.DatabaseOutage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Group commit of submissions: the submissions that arrive while one transaction commits
 * are stored together in the next one, so that they share its statements' round trips, its
 * Hibernate session and one WAL flush. A single writer thread takes them in arrival order,
 * which keeps the order of one user's jobs (ids and submission times grow with it).
 *
 * <p>Each caller waits until its own job is committed (a 202 means durable) and gets its own
 * answer: when a group's transaction fails (a name taken meanwhile, two of the group with the
 * same name, a constraint), it is rolled back and each of its submissions is stored again in a
 * transaction of its own, so one bad submission fails only itself.
 * See docs/decisions/0062-group-commit-of-submissions.md.
 */
@Component
class SubmissionGroupCommit {

    /** The most submissions one transaction stores: bounds a group's session and its latency. */
    static final int MAX_GROUP = 64;

    private static final Logger log = LoggerFactory.getLogger(SubmissionGroupCommit.class);

    private final TransactionTemplate tx;
    private final BlockingQueue<Pending<?>> queue = new LinkedBlockingQueue<>();
    private final Object lifecycle = new Object();
    private Thread writer;
    private boolean closed;

    SubmissionGroupCommit(PlatformTransactionManager transactions) {
        this.tx = new TransactionTemplate(transactions);
    }

    /**
     * Runs {@code store} in a transaction shared with the submissions that arrive meanwhile,
     * and returns its result once that transaction has committed; throws what {@code store}
     * threw when it fails alone. {@code store} must build its entities afresh on each call: it
     * runs a second time, in a transaction of its own, when its group fails.
     */
    <T> T commit(Supplier<T> store) {
        Pending<T> pending = new Pending<>(store);
        synchronized (lifecycle) {
            if (closed) {
                throw new IllegalStateException("Gantry is shutting down: the job was not stored.");
            }
            if (writer == null) {
                writer = new Thread(this::write, "job-submission-writer");
                writer.setDaemon(true);
                writer.start();
            }
            queue.add(pending);
        }
        try {
            return pending.result.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while the job was stored; it may have been stored.", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Submissions waiting for the writer (for tests that hold it to form a group). */
    int queued() {
        return queue.size();
    }

    private void write() {
        List<Pending<?>> group = new ArrayList<>(MAX_GROUP);
        while (true) {
            try {
                Pending<?> first = queue.poll(1, TimeUnit.SECONDS);
                if (first == null) {
                    synchronized (lifecycle) {
                        if (closed && queue.isEmpty()) {
                            return;
                        }
                    }
                    continue;
                }
                group.add(first);
                queue.drainTo(group, MAX_GROUP - 1);
                store(group);
            } catch (InterruptedException e) {
                // only close() interrupts, after it stopped new submissions: store what came first
                synchronized (lifecycle) {
                    closed = true;
                }
            } catch (RuntimeException | Error e) {
                log.error("Storing {} submission(s) failed outside their transactions", group.size(), e);
                group.forEach(p -> p.result.completeExceptionally(e));
            } finally {
                group.clear();
            }
        }
    }

    private void store(List<Pending<?>> group) {
        if (group.size() > 1) {
            List<Object> results;
            try {
                results = tx.execute(status -> {
                    List<Object> stored = new ArrayList<>(group.size());
                    for (Pending<?> pending : group) {
                        stored.add(pending.store.get());
                    }
                    return stored;
                });
            } catch (RuntimeException groupFailed) {
                if (DatabaseOutage.isCause(groupFailed)) {
                    // alone each would wait for a connection in turn: all get the outage now (503)
                    group.forEach(p -> p.result.completeExceptionally(groupFailed));
                    return;
                }
                // rolled back: each submission again on its own, so that only the bad one fails
                log.debug("A group of {} submissions failed ({}); storing them one by one", group.size(),
                        groupFailed.toString());
                group.forEach(this::storeAlone);
                return;
            }
            for (int i = 0; i < group.size(); i++) {
                group.get(i).complete(results.get(i));
            }
            return;
        }
        storeAlone(group.get(0));
    }

    private void storeAlone(Pending<?> pending) {
        try {
            pending.complete(tx.execute(status -> pending.store.get()));
        } catch (RuntimeException | Error e) {
            pending.result.completeExceptionally(e);
        }
    }

    /** New submissions are refused; those queued are still stored. */
    @PreDestroy
    void close() throws InterruptedException {
        Thread running;
        synchronized (lifecycle) {
            closed = true;
            running = writer;
        }
        if (running != null) {
            running.join(TimeUnit.SECONDS.toMillis(30));
        }
    }

    private static final class Pending<T> {
        final Supplier<T> store;
        final CompletableFuture<T> result = new CompletableFuture<>();

        Pending(Supplier<T> store) {
            this.store = store;
        }

        @SuppressWarnings("unchecked")
        void complete(Object value) {
            result.complete((T) value);
        }
    }
}
