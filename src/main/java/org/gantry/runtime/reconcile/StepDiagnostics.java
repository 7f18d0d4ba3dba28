package org.gantry.runtime.reconcile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.gantry.deps.StepResult;
import org.gantry.deps.StepResults;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;
import org.gantry.runtime.LogStream;
import org.gantry.runtime.runner.StepFiles;

/**
 * Explains a failed attempt from what it left: the dependency step that stopped it
 * ("dependency step `pip` failed (exit 1) after 3.2 s" and its last stderr lines, from the
 * deps renderer's status files), else the last lines of the task's stderr; plus a failed
 * callAfter, reported apart.
 */
final class StepDiagnostics {

    private static final int TAIL_BYTES = 8 * 1024;
    private static final int TAIL_LINES = 10;

    private StepDiagnostics() {
    }

    static Optional<String> describe(Executor executor, ExecutionHandle handle) {
        try {
            StepResults results = StepFiles.read(executor, handle, s -> s.status() == StepResult.Status.FAILED,
                    StepResults.DEFAULT_TAIL_LINES);
            List<String> parts = new ArrayList<>();
            results.failureMessage().ifPresentOrElse(parts::add, () -> stderrTail(executor, handle)
                    .ifPresent(tail -> parts.add("last lines of stderr:\n" + tail)));
            results.callAfterFailure().ifPresent(failure -> parts.add("(the task's result stands) " + failure));
            return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", parts));
        } catch (ExecutorException | RuntimeException e) {
            return Optional.empty();  // diagnostics are a help; an attempt's end is recorded without them
        }
    }

    private static byte[] tail(Executor executor, ExecutionHandle handle, String file) throws ExecutorException {
        LogChunk size = executor.read(handle, file, 0, 0);
        return executor.read(handle, file, Math.max(0, size.size() - TAIL_BYTES), TAIL_BYTES).data();
    }

    private static Optional<String> stderrTail(Executor executor, ExecutionHandle handle) {
        try {
            String text = new String(tail(executor, handle, LogStream.STDERR.fileName()), StandardCharsets.UTF_8);
            List<String> lines = text.lines().filter(l -> !l.isBlank()).toList();
            if (lines.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size())));
        } catch (ExecutorException e) {
            return Optional.empty();
        }
    }
}
