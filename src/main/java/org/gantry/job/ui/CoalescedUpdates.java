package org.gantry.job.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.UIDetachedException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Collects job ids from any thread and hands them to one UI in batches, at most one batch per
 * {@code delay}: a burst of a thousand state changes costs a view one refresh, not a thousand.
 */
final class CoalescedUpdates {

    private final UI ui;
    private final ScheduledExecutorService scheduler;
    private final Duration delay;
    private final Consumer<Set<Long>> applyInUi;
    private final Set<Long> pending = new HashSet<>();
    private boolean scheduled;

    CoalescedUpdates(UI ui, ScheduledExecutorService scheduler, Duration delay, Consumer<Set<Long>> applyInUi) {
        this.ui = ui;
        this.scheduler = scheduler;
        this.delay = delay;
        this.applyInUi = applyInUi;
    }

    /** Called on any thread. */
    void add(long jobId) {
        synchronized (pending) {
            pending.add(jobId);
            if (scheduled) {
                return;
            }
            scheduled = true;
        }
        scheduler.schedule(this::flush, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void flush() {
        Set<Long> ids;
        synchronized (pending) {
            ids = Set.copyOf(pending);
            pending.clear();
            scheduled = false;
        }
        try {
            ui.access(() -> applyInUi.accept(ids));
        } catch (UIDetachedException e) {
            // The view was closed in the meantime: nobody to tell.
        }
    }
}
