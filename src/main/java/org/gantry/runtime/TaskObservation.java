package org.gantry.runtime;

import java.util.Optional;
import java.util.OptionalInt;

/**
 * What an executor reports about one attempt at one moment.
 *
 * @param phase      where the attempt stands
 * @param exitCode   the task script's exit code once it ended on its own or by a signal
 *                   ({@code 128 + signal}); empty while running or when it vanished
 * @param node       the host the attempt runs or ran on, when known
 * @param diagnostics a short human-readable explanation of an unusual outcome (queue reason,
 *                   memory kill, vanished process), empty otherwise
 */
public record TaskObservation(Phase phase, OptionalInt exitCode, Optional<String> node,
                              Optional<String> diagnostics) {

    /** An attempt's phase as its executor sees it. */
    public enum Phase {
        /** Accepted by the executor but not started yet (a pending Slurm job). */
        QUEUED,
        RUNNING,
        /** Ended with exit code 0. */
        SUCCEEDED,
        /** Ended with a non-zero exit code, or vanished without recording one. */
        FAILED,
        /** Ended after Gantry asked it to stop. */
        STOPPED,
        /** Stopped because it used more memory than it asked for. */
        KILLED_OOM;

        public boolean isFinal() {
            return this != QUEUED && this != RUNNING;
        }
    }

    public static TaskObservation queued(String reason) {
        return new TaskObservation(Phase.QUEUED, OptionalInt.empty(), Optional.empty(),
                Optional.ofNullable(reason).filter(r -> !r.isBlank()));
    }

    public static TaskObservation running(String node) {
        return new TaskObservation(Phase.RUNNING, OptionalInt.empty(), Optional.ofNullable(node), Optional.empty());
    }

    public static TaskObservation ended(int exitCode, String node) {
        return new TaskObservation(exitCode == 0 ? Phase.SUCCEEDED : Phase.FAILED, OptionalInt.of(exitCode),
                Optional.ofNullable(node), Optional.empty());
    }

    public TaskObservation withDiagnostics(String text) {
        return new TaskObservation(phase, exitCode, node, Optional.ofNullable(text));
    }

    public TaskObservation withPhase(Phase newPhase) {
        return new TaskObservation(newPhase, exitCode, node, diagnostics);
    }

    public boolean isFinal() {
        return phase.isFinal();
    }
}
