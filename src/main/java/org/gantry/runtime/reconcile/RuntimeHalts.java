package org.gantry.runtime.reconcile;

import java.util.Locale;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * A fault hook for tests and the fault benchmark: with {@code gantry.test.halt-at} naming a
 * runtime transition, the JVM halts (as with SIGKILL: no shutdown hooks, no clean stop) the
 * first time a task reaches it. Unset, it does nothing. The transitions, each right after what
 * it names is committed or done:
 * <ul>
 * <li>{@code submitted}: a job's submission committed, before the client gets its answer;
 * <li>{@code admitted}: a task's attempt claimed (LAUNCHING), before its launch;
 * <li>{@code launching}: the executor started the runner, before the handle is recorded;
 * <li>{@code running}: the attempt recorded running;
 * <li>{@code ending}: the attempt's end recorded, before its resources are released and the
 * job's verdict is given.
 * </ul>
 */
@Component
class RuntimeHalts {

    enum Transition { SUBMITTED, ADMITTED, LAUNCHING, RUNNING, ENDING }

    private static final Logger log = LoggerFactory.getLogger(RuntimeHalts.class);

    private final Optional<Transition> haltAt;

    RuntimeHalts(@Value("${gantry.test.halt-at:}") String haltAt) {
        this.haltAt = haltAt.isBlank() ? Optional.empty()
                : Optional.of(Transition.valueOf(haltAt.trim().toUpperCase(Locale.ROOT)));
        this.haltAt.ifPresent(t -> log.warn("gantry.test.halt-at={}: this Gantry halts when a task first gets there",
                t.name().toLowerCase(Locale.ROOT)));
    }

    /** Halts now when {@code transition} is the one configured. */
    void at(Transition transition) {
        if (haltAt.filter(transition::equals).isPresent()) {
            log.warn("Halting at {} (gantry.test.halt-at)", transition.name().toLowerCase(Locale.ROOT));
            Runtime.getRuntime().halt(137);
        }
    }

    /** Halts once the current transaction commits, when {@code transition} is the one configured. */
    void afterCommit(Transition transition) {
        if (haltAt.filter(transition::equals).isPresent()
                && TransactionSynchronizationManager.isSynchronizationActive()) {
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCommit() {
                    at(transition);
                }
            });
        }
    }
}
