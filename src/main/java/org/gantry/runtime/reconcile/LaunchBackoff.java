package org.gantry.runtime.reconcile;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tasks whose launches keep failing wait longer before the next one (1 s, 2 s, 4 s …) and
 * fail after {@value #MAX_FAILURES} launches in a row that never started. A launch that found
 * its target unreachable does not count: the task waits for the target, as it waits for a
 * Slurm controller that does not answer (decision 0095), instead of failing after a long outage
 * that met five of its launches. In memory: after a restart a task gets its chances again.
 */
final class LaunchBackoff {

    static final int MAX_FAILURES = 5;

    private record Failures(int count, Instant notBefore) {
    }

    private final Map<Long, Failures> failures = new ConcurrentHashMap<>();
    private final Set<Long> unreachable = ConcurrentHashMap.newKeySet();
    private final Clock clock;

    LaunchBackoff(Clock clock) {
        this.clock = clock;
    }

    /** The task's launch found its target unreachable: when it is settled as never started, that counts no failure. */
    void unreachable(long taskId) {
        unreachable.add(taskId);
    }

    /** Records a launch that never started; true when the task should fail now. */
    boolean failed(long taskId, String why) {
        if (unreachable.remove(taskId)) {
            // not the task's launch that failed but the way to its target: try again a second after it answered
            Instant next = clock.instant().plusSeconds(1);
            failures.merge(taskId, new Failures(0, next), (old, none) -> new Failures(old.count(), next));
            return false;
        }
        Failures next = failures.merge(taskId, new Failures(1, clock.instant().plusSeconds(1)),
                (old, one) -> new Failures(old.count() + 1,
                        clock.instant().plus(Duration.ofSeconds(1L << Math.min(old.count(), 6)))));
        return next.count() >= MAX_FAILURES;
    }

    /** A launch failed in a way retrying cannot fix: the next settle fails the task. */
    void giveUp(long taskId) {
        failures.put(taskId, new Failures(MAX_FAILURES - 1, clock.instant()));
    }

    /** The task's next launch waits this long (a platform retry's backoff); launch failures count on. */
    void delay(long taskId, Duration wait) {
        Instant until = clock.instant().plus(wait);
        failures.merge(taskId, new Failures(0, until), (old, none) -> new Failures(old.count(), until));
    }

    boolean mayLaunch(long taskId) {
        Failures f = failures.get(taskId);
        return f == null || !clock.instant().isBefore(f.notBefore());
    }

    void launched(long taskId) {
        failures.remove(taskId);
        unreachable.remove(taskId);
    }
}
