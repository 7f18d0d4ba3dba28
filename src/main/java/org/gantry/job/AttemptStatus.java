package org.gantry.job;

import java.time.Instant;
import java.util.Optional;

/** One attempt of a job; {@code latest} marks the one the job's state belongs to. */
public record AttemptStatus(int attemptIndex, JobState state, Optional<Instant> startedAt,
                            Optional<Instant> completedAt, Optional<Integer> exitCode,
                            Optional<String> diagnostics, boolean latest) {

    static AttemptStatus of(JobAttempt attempt, boolean latest) {
        return new AttemptStatus(attempt.getAttemptIndex(), attempt.getState(), attempt.getStartedAt(),
                attempt.getCompletedAt(), attempt.getExitCode(), attempt.getExitDiagnostics(), latest);
    }
}
