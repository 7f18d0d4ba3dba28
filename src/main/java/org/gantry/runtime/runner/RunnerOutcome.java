package org.gantry.runtime.runner;

import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.TaskObservation.Phase;

/** How an attempt whose runner is gone ended, from what the runner left behind. */
public final class RunnerOutcome {

    public static final String OOM_MESSAGE = "killed for exceeding its memory limit (resourcePerInstance.memoryMB)";

    private RunnerOutcome() {
    }

    /**
     * @param exit          the runner's recorded exit code, empty when it recorded none
     * @param stopRequested whether Gantry asked the attempt to stop: it then ends STOPPED
     * @param oomKilled     whether the kernel killed a process of the attempt for its memory
     */
    public static TaskObservation classify(OptionalInt exit, boolean stopRequested, boolean oomKilled, String node) {
        if (exit.isPresent() && exit.getAsInt() == 0 && !stopRequested) {
            return TaskObservation.ended(0, node);
        }
        Phase phase;
        String diagnostics = null;
        if (stopRequested) {
            phase = Phase.STOPPED;
        } else if (oomKilled) {
            phase = Phase.KILLED_OOM;
            diagnostics = OOM_MESSAGE;
        } else {
            phase = Phase.FAILED;
            if (exit.isEmpty()) {
                diagnostics = "the task's runner ended without recording an exit code (killed with SIGKILL?)";
            } else if (exit.getAsInt() > 128) {
                diagnostics = "killed by signal " + (exit.getAsInt() - 128);
            }
        }
        return new TaskObservation(phase, exit, Optional.ofNullable(node), Optional.ofNullable(diagnostics));
    }
}
