package org.gantry.deps;

import java.util.Arrays;
import java.util.Optional;

/**
 * The steps of a task script, declared in their canonical order: env, bash, module, conda, pip,
 * callBefore, task, callAfter.
 *
 * <p>Modules come before conda and pip so that {@code module load} can provide them; pip comes
 * after conda so that it installs into the environment conda activated. The deployment's
 * preCommands and postCommands belong to the {@link #TASK} step.
 */
public enum DepsStep {
    ENV("env"),
    BASH("bash"),
    MODULE("module"),
    CONDA("conda"),
    PIP("pip"),
    CALL_BEFORE("callBefore"),
    TASK("task"),
    CALL_AFTER("callAfter");

    private final String stepName;

    DepsStep(String stepName) {
        this.stepName = stepName;
    }

    /** The name used in job YAML, in the status file and in the script's frame lines. */
    public String stepName() {
        return stepName;
    }

    /** True for the steps that prepare the task and stop it when they fail. */
    public boolean isDependency() {
        return compareTo(TASK) < 0;
    }

    public static Optional<DepsStep> fromStepName(String name) {
        return Arrays.stream(values()).filter(s -> s.stepName.equals(name)).findFirst();
    }

    @Override
    public String toString() {
        return stepName;
    }
}
