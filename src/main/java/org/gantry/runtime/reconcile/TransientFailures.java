package org.gantry.runtime.reconcile;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.deps.StepResult;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.FailureClassifier;
import org.gantry.runtime.LogStream;
import org.gantry.runtime.RuntimeProperties;
import org.gantry.runtime.runner.StepFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the {@link FailureClassifier} whether a failed attempt's failure was transient, giving
 * it what the attempt left: exit code, failed dependency step, the recorded diagnostics and
 * the tails of its logs (opened only when the classifier reads them).
 */
final class TransientFailures {

    private static final Logger log = LoggerFactory.getLogger(TransientFailures.class);

    private final Optional<FailureClassifier> classifier;
    private final RuntimeProperties.PlatformRetries settings;

    TransientFailures(Optional<FailureClassifier> classifier, RuntimeProperties.PlatformRetries settings) {
        this.classifier = classifier;
        this.settings = settings;
    }

    /** Whether a task with this many platform retries in its job attempt may get one more. */
    boolean mayRetry(int platformRetries) {
        return classifier.isPresent() && platformRetries < settings.max();
    }

    int limit() {
        return settings.max();
    }

    /** The diagnosis of a transient failure of this attempt, empty for any other. */
    Optional<String> diagnose(Executor executor, ExecutionHandle handle, Optional<Integer> exitCode,
                              String diagnostics) {
        if (classifier.isEmpty()) {
            return Optional.empty();
        }
        try {
            Optional<String> failedStep = failedStep(executor, handle);
            List<FailureClassifier.Log> logs = new ArrayList<>();
            for (LogStream stream : LogStream.values()) {
                ExecutorLogTail probe = ExecutorLogTail.open(executor, handle, stream.fileName(), settings.tailBytes());
                logs.add(new FailureClassifier.Log(stream.name().toLowerCase(), () -> open(executor, handle, stream),
                        probe.partial()));
            }
            return classifier.get().transientFailure(new FailureClassifier.FailedAttempt(exitCode, failedStep,
                    diagnostics == null ? "" : diagnostics, logs));
        } catch (IOException | RuntimeException e) {
            // telling a transient failure is a help: without an answer the failure stands as it is
            log.warn("Cannot tell whether the failure of {} was transient: {}", handle, e.toString());
            return Optional.empty();
        }
    }

    private InputStream open(Executor executor, ExecutionHandle handle, LogStream stream) throws IOException {
        return ExecutorLogTail.open(executor, handle, stream.fileName(), settings.tailBytes());
    }

    private static Optional<String> failedStep(Executor executor, ExecutionHandle handle) {
        try {
            return StepFiles.read(executor, handle, s -> false, 0).failedDependency()
                    .map(StepResult::step).map(step -> step.stepName());
        } catch (ExecutorException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
