package org.gantry.runtime.slurm;

import java.util.Optional;
import java.util.OptionalInt;
import org.gantry.runtime.runner.RemoteAttempts;
import org.gantry.runtime.runner.RunnerOutcome;
import org.gantry.runtime.runner.RunnerScript;
import org.gantry.runtime.TaskObservation;
import org.gantry.runtime.TaskObservation.Phase;

/**
 * Combines what Slurm says about a job with what its runner left in the attempt's directory.
 * The runner's exit code is the task's; Slurm's state explains ends the runner could not
 * record (cancelled, out of memory, node failure) and is all there is while the job waits.
 */
final class SlurmOutcome {

    private SlurmOutcome() {
    }

    static TaskObservation of(String jobId, Optional<SlurmJobInfo> job, RemoteAttempts.RunnerStatus files) {
        String node = files.node().or(() -> job.flatMap(SlurmJobInfo::nodeList)).orElse(null);
        if (job.isPresent() && job.get().phase() == Phase.QUEUED) {
            return TaskObservation.queued("Slurm job " + jobId + " is " + job.get().describe());
        }
        if (job.isPresent() && job.get().phase() == Phase.RUNNING && files.exitCode().isEmpty()) {
            return TaskObservation.running(node);
        }
        String state = job.map(SlurmJobInfo::state).orElse("");
        if (files.exitCode().isPresent()) {
            TaskObservation ended = RunnerOutcome.classify(files.exitCode(),
                    files.stopRequested() || state.equals("CANCELLED"), state.equals("OUT_OF_MEMORY"), node);
            if (ended.phase() == Phase.FAILED && job.isPresent() && job.get().phase() == Phase.FAILED
                    && !state.equals("FAILED")) {
                return ended.withDiagnostics("Slurm job " + jobId + " ended " + job.get().describe());
            }
            return ended;
        }
        if (job.isEmpty() && files.pidFile().filter(RunnerScript.FENCE::equals).isPresent()) {
            return failed(node, "the attempt was fenced before Slurm started it");
        }
        if (files.stopRequested() || state.equals("CANCELLED")) {
            return new TaskObservation(Phase.STOPPED, job.map(SlurmJobInfo::exitCode).orElse(OptionalInt.empty()),
                    Optional.ofNullable(node), Optional.empty());
        }
        if (state.equals("OUT_OF_MEMORY")) {
            return new TaskObservation(Phase.KILLED_OOM, job.get().exitCode(), Optional.ofNullable(node),
                    Optional.of(RunnerOutcome.OOM_MESSAGE));
        }
        return failed(node, job.map(j -> "Slurm job " + jobId + " ended " + j.describe()
                        + " before the task recorded an exit code")
                .orElse("Slurm no longer knows job " + jobId + " and the task recorded no exit code"));
    }

    private static TaskObservation failed(String node, String why) {
        return new TaskObservation(Phase.FAILED, OptionalInt.empty(), Optional.ofNullable(node),
                Optional.of(why));
    }
}
