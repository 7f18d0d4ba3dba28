package org.gantry.deps;

import java.util.List;

/**
 * What a task script will run, before it runs: its steps in canonical order with the exact
 * lines each one executes, and the whole rendered script.
 *
 * @param steps  only the steps the task has (a step without content is left out; the task
 *               step is always there)
 * @param script the complete bash script, ready to be written next to the task
 */
public record DepsPlan(List<PlannedStep> steps, String script) {

    public DepsPlan {
        steps = List.copyOf(steps);
    }

    /** One step and the script lines between its start and end frames. */
    public record PlannedStep(DepsStep step, List<String> lines) {
        public PlannedStep {
            lines = List.copyOf(lines);
        }
    }
}
