package org.gantry.deps;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.gantry.base.shell.Bash;
import org.gantry.deps.DepsPlan.PlannedStep;

/**
 * Renders one plain bash script per task: the task's deps and commands in canonical order, in
 * one shell session, each step framed so that its timing, exit code and stderr are kept.
 *
 * <p>The script needs only bash (4.1 or newer) and coreutils on the machine that runs it. It
 * expects to start in the task's working directory and writes its progress into the request's
 * status dir there (read it back with {@link StepResults}):
 * <ul>
 *   <li>{@code steps.tsv}: {@code step<TAB>status<TAB>exitCode<TAB>startMs<TAB>endMs} lines,
 *       a {@code running} line at each step's start, its final line at its end;</li>
 *   <li>{@code step-<step>.stderr}: each step's stderr, also passed on to the task's stderr
 *       (not for the task step, whose stderr is the task's log);</li>
 *   <li>{@code shell-env.sh}: the exported variables and shell functions right before the
 *       task step, for shells opened into the running task (the SSH gateway sources it);</li>
 *   <li>frame lines on stdout: {@code ::gantry step pip start},
 *       {@code ::gantry step pip end exit=0 ms=3200}.</li>
 * </ul>
 * The script's exit code is the task step's, or the failed dependency step's; callAfter runs on
 * every exit and never changes it (docs/decisions/0004-call-after-semantics.md).
 *
 * <p>Env values are exported literally, never expanded; a value built from other variables
 * belongs in a bash step ({@code export PATH=$HOME/bin:$PATH}). Relative requirements and
 * environment files are read from the directory the shell is in when their step runs.
 */
public final class TaskScriptRenderer {

    /**
     * @throws IllegalArgumentException when the deps cannot be rendered: an invalid variable
     *                                  name, a conda section with more than one of env, file
     *                                  and packages, a blank name or one starting with '-'
     */
    public DepsPlan plan(TaskScriptRequest request) {
        List<PlannedStep> steps = StepBodies.of(request);
        return new DepsPlan(steps, assemble(request, steps));
    }

    /** The script alone; see {@link #plan}. */
    public String render(TaskScriptRequest request) {
        return plan(request).script();
    }

    private static String assemble(TaskScriptRequest request, List<PlannedStep> steps) {
        String stepNames = steps.stream().map(s -> s.step().stepName()).collect(Collectors.joining(" "));
        StringBuilder script = new StringBuilder();
        script.append("#!/usr/bin/env bash\n")
                .append("# Rendered by Gantry: one task's dependencies and commands in one shell session.\n")
                .append("# Steps in canonical order: ").append(stepNames).append('\n')
                .append("gantry_status_dir=").append(Bash.quote(request.statusDir())).append('\n')
                // no command substitution or external command where a builtin does: every
                // process started costs milliseconds on small machines, and trivial tasks pay it
                .append("[ -d \"$gantry_status_dir\" ] || mkdir -p -- \"$gantry_status_dir\" || exit 1\n")
                .append("case $gantry_status_dir in /*) ;; *) gantry_status_dir=$PWD/$gantry_status_dir ;; esac\n")
                .append(": >\"$gantry_status_dir/steps.tsv\" || exit 1\n")
                .append("gantry_old=(\"$gantry_status_dir\"/step-*.stderr)\n")
                .append("if [ -e \"${gantry_old[0]}\" ]; then rm -f -- \"${gantry_old[@]}\"; fi\n")
                .append("exec {gantry_stderr}>&2\n")
                .append("gantry_cache_dir=").append(Bash.quotePath(request.cacheDir())).append('\n')
                .append("gantry_steps=(").append(stepNames).append(")\n")
                .append("gantry_step=''\n")
                .append("gantry_tee_pid=''\n");
        for (Map.Entry<String, String> e : request.runtimeEnv().entrySet()) {
            script.append(Bash.export(e.getKey(), e.getValue())).append('\n');
        }
        script.append('\n').append(BashLibrary.FRAMING).append(BashLibrary.SHELL_ENV);
        if (has(steps, DepsStep.MODULE)) {
            script.append(BashLibrary.MODULE);
        }
        if (has(steps, DepsStep.CONDA) || has(steps, DepsStep.PIP)) {
            script.append(BashLibrary.PUBLISH);
        }
        if (has(steps, DepsStep.CONDA)) {
            script.append(BashLibrary.CONDA);
        }
        if (has(steps, DepsStep.PIP)) {
            script.append(BashLibrary.PIP);
        }
        for (PlannedStep step : steps) {
            if (step.step() == DepsStep.CALL_AFTER) {
                script.append("gantry_call_after() {\n");
                step.lines().forEach(line -> script.append("  ").append(line).append('\n'));
                script.append("}\n");
            }
        }
        script.append("\ntrap gantry_finish EXIT\n")
                .append("trap 'exit 129' HUP\ntrap 'exit 130' INT\ntrap 'exit 143' TERM\n");
        for (PlannedStep step : steps) {
            if (step.step() == DepsStep.TASK) {
                script.append("\ngantry_shell_env\n");
            }
            if (step.step() != DepsStep.CALL_AFTER) {
                script.append("\ngantry_begin ").append(step.step().stepName()).append('\n');
                step.lines().forEach(line -> script.append(line).append('\n'));
                script.append("gantry_end 0\n");
            }
        }
        return script.append("exit 0\n").toString();
    }

    private static boolean has(List<PlannedStep> steps, DepsStep step) {
        return steps.stream().anyMatch(s -> s.step() == step);
    }
}
