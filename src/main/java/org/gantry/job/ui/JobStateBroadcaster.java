package org.gantry.job.ui;

import com.vaadin.flow.shared.Registration;
import jakarta.annotation.PreDestroy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import org.gantry.job.JobStateChanged;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

/**
 * Hands job state changes to the open job views. Events arrive after their transaction
 * committed, so that a view reading the job again sees the new state.
 */
@Component
class JobStateBroadcaster {

    private final List<Consumer<JobStateChanged>> listeners = new CopyOnWriteArrayList<>();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "job-view-updates");
        thread.setDaemon(true);
        return thread;
    });

    @TransactionalEventListener(fallbackExecution = true)
    void on(JobStateChanged event) {
        // Listeners only queue the event and return: the publisher's thread is not held up.
        listeners.forEach(listener -> listener.accept(event));
    }

    /** Calls {@code listener} on the publisher's thread for every change until the registration is removed. */
    Registration register(Consumer<JobStateChanged> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** One thread shared by all views to batch their refreshes. */
    ScheduledExecutorService scheduler() {
        return scheduler;
    }

    @PreDestroy
    void stop() {
        scheduler.shutdownNow();
    }
}
