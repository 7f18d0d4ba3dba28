package org.gantry.runtime.runner;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Predicate;
import org.gantry.deps.DepsStep;
import org.gantry.deps.StepResult;
import org.gantry.deps.StepResults;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.LogChunk;

/**
 * Reads what a task script records about its steps (see {@link org.gantry.deps.TaskScriptRenderer})
 * from an attempt's directory through its executor, so the same code serves local, SSH and
 * Slurm attempts. Each method is one or a few {@link Executor#read} calls.
 */
public final class StepFiles {

    static final String STEPS_TSV = AttemptFiles.STATUS_DIR + "/steps.tsv";
    /** steps.tsv has a line or two per step; more than this is not a script Gantry rendered. */
    private static final int STEPS_BYTES = 64 * 1024;
    /** The renderer lists the steps in the script's first lines. */
    private static final int SCRIPT_HEAD_BYTES = 8 * 1024;

    private StepFiles() {
    }

    /**
     * The recorded steps; a script that has not started yet has none.
     *
     * @param withStderr which steps to read the last {@code tailLines} stderr lines of (one read each)
     */
    public static StepResults read(Executor executor, ExecutionHandle handle, Predicate<StepResult> withStderr,
                            int tailLines) throws ExecutorException {
        String tsv = text(executor.read(handle, STEPS_TSV, 0, STEPS_BYTES));
        try {
            return StepResults.parse(tsv, step -> {
                if (!withStderr.test(step)) {
                    return List.of();
                }
                try {
                    String file = AttemptFiles.STATUS_DIR + "/" + StepResults.stderrFile(step.step());
                    long size = executor.read(handle, file, 0, 0).size();
                    long from = Math.max(0, size - StepResults.TAIL_BYTES);
                    return StepResults.lastLines(text(executor.read(handle, file, from, StepResults.TAIL_BYTES)),
                            from > 0, tailLines);
                } catch (ExecutorException e) {
                    throw new StderrUnreadable(e);
                }
            });
        } catch (StderrUnreadable e) {
            throw e.cause;
        }
    }

    /** The steps the attempt's script runs, in order; empty when its script cannot be read. */
    public static List<DepsStep> planned(Executor executor, ExecutionHandle handle) throws ExecutorException {
        return StepResults.plannedSteps(text(executor.read(handle, RunnerScript.TASK_FILE, 0, SCRIPT_HEAD_BYTES)));
    }

    private static String text(LogChunk chunk) {
        return new String(chunk.data(), StandardCharsets.UTF_8);
    }

    /** Carries an executor's failure out of the parser's callback. */
    private static final class StderrUnreadable extends RuntimeException {

        private final ExecutorException cause;

        StderrUnreadable(ExecutorException cause) {
            super(cause);
            this.cause = cause;
        }
    }
}
