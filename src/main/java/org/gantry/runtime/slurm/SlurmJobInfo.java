package org.gantry.runtime.slurm;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gantry.runtime.TaskObservation.Phase;

/**
 * What {@code scontrol -o show job <id>} says about a job, and how its state maps to Gantry's.
 * (Slurm 22.05 has no JSON output for scontrol; the one-line form is stable key=value text.)
 *
 * @param state    Slurm's job state, e.g. {@code PENDING}, {@code RUNNING}, {@code OUT_OF_MEMORY}
 * @param reason   why it waits or ended ({@code Resources}, {@code Priority}, {@code None})
 * @param exitCode the batch script's exit code once it ended
 * @param signal   the signal that ended it, 0 for none
 * @param nodeList the nodes it runs on, when allocated
 */
record SlurmJobInfo(String state, String reason, OptionalInt exitCode, int signal, Optional<String> nodeList) {

    private static final Pattern STATE = Pattern.compile("(?:^|\\s)JobState=(\\S+)");
    private static final Pattern REASON = Pattern.compile("(?:^|\\s)Reason=(\\S+)");
    private static final Pattern EXIT = Pattern.compile("(?:^|\\s)ExitCode=(\\d+):(\\d+)");
    private static final Pattern NODES = Pattern.compile("(?:^|\\s)NodeList=(\\S+)");

    static Optional<SlurmJobInfo> parse(String line) {
        Matcher state = STATE.matcher(line);
        if (!state.find()) {
            return Optional.empty();
        }
        Matcher reason = REASON.matcher(line);
        Matcher exit = EXIT.matcher(line);
        Matcher nodes = NODES.matcher(line);
        boolean ended = phase(state.group(1)).isFinal();
        OptionalInt code = ended && exit.find() ? OptionalInt.of(Integer.parseInt(exit.group(1))) : OptionalInt.empty();
        int signal = code.isPresent() ? Integer.parseInt(exit.group(2)) : 0;
        Optional<String> nodeList = nodes.find() && !nodes.group(1).equals("(null)")
                ? Optional.of(nodes.group(1)) : Optional.empty();
        return Optional.of(new SlurmJobInfo(state.group(1), reason.find() ? reason.group(1) : "None", code, signal,
                nodeList));
    }

    /** Gantry's phase for a Slurm job state (man squeue, JOB STATE CODES). */
    static Phase phase(String state) {
        return switch (state) {
            case "PENDING", "CONFIGURING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "RESIZING", "SUSPENDED",
                 "STOPPED" -> Phase.QUEUED;
            case "RUNNING", "COMPLETING", "SIGNALING", "STAGE_OUT" -> Phase.RUNNING;
            case "COMPLETED" -> Phase.SUCCEEDED;
            case "CANCELLED" -> Phase.STOPPED;
            case "OUT_OF_MEMORY" -> Phase.KILLED_OOM;
            default -> Phase.FAILED;
        };
    }

    Phase phase() {
        return phase(state);
    }

    /** "TIMEOUT (TimeLimit)" and the like, for an unusual end. */
    String describe() {
        return state + (reason.equals("None") ? "" : " (" + reason + ")");
    }
}
