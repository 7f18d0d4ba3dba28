package org.gantry.deps;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.gantry.base.shell.Bash;
import org.gantry.deps.DepsPlan.PlannedStep;

/** The lines each step of a task script runs, for the steps the task has, in canonical order. */
final class StepBodies {

    private StepBodies() {
    }

    static List<PlannedStep> of(TaskScriptRequest request) {
        Deps deps = request.deps();
        List<PlannedStep> steps = new ArrayList<>();
        add(steps, DepsStep.ENV, env(deps.env()));
        add(steps, DepsStep.BASH, commands(deps.bash()));
        add(steps, DepsStep.MODULE, modules(deps.module()));
        add(steps, DepsStep.CONDA, deps.conda().map(StepBodies::conda).orElse(List.of()));
        add(steps, DepsStep.PIP, deps.pip().map(p -> pip(p, request.pipOptions())).orElse(List.of()));
        add(steps, DepsStep.CALL_BEFORE, commands(deps.callBefore()));
        List<String> task = new ArrayList<>(commands(request.preCommands()));
        task.addAll(commands(request.commands()));
        task.addAll(commands(request.postCommands()));
        steps.add(new PlannedStep(DepsStep.TASK, task));
        add(steps, DepsStep.CALL_AFTER, commands(deps.callAfter()));
        return steps;
    }

    private static void add(List<PlannedStep> steps, DepsStep step, List<String> lines) {
        if (!lines.isEmpty()) {
            steps.add(new PlannedStep(step, lines));
        }
    }

    /** Values are literal: {@code $HOME} in a value stays the five characters {@code $HOME}. */
    static List<String> env(Map<String, String> env) {
        return env.entrySet().stream().map(e -> Bash.export(e.getKey(), e.getValue())).toList();
    }

    /**
     * Each command goes through {@code eval} of its quoted text: a command is parsed on its own,
     * so an unbalanced quote or an unterminated here-document fails that command's step instead
     * of swallowing the lines of the script that follow it.
     */
    static List<String> commands(List<String> commands) {
        return commands.stream().map(c -> "eval " + Bash.quote(c)).toList();
    }

    private static List<String> modules(List<String> modules) {
        if (modules.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add("gantry_module_init");
        // one load per module, so that the one that fails is the last line in the step's stderr
        modules.forEach(m -> lines.add("module load " + Bash.quote(requireArgument("module", m))));
        return lines;
    }

    private static List<String> conda(Deps.Conda conda) {
        int sources = (conda.env().isPresent() ? 1 : 0) + (conda.file().isPresent() ? 1 : 0)
                + (conda.packages().isEmpty() ? 0 : 1);
        if (sources > 1) {
            throw new IllegalArgumentException(
                    "conda takes one of env, file or packages, not several: " + conda);
        }
        if (sources == 0) {
            return List.of();
        }
        List<String> lines = new ArrayList<>();
        lines.add("gantry_conda_hook");
        if (conda.env().isPresent()) {
            // a named env belongs to whoever made it: activate it, never change it
            lines.add("conda activate " + Bash.quote(requireArgument("conda env", conda.env().get())));
            return lines;
        }
        if (conda.file().isPresent()) {
            lines.add("gantry_conda_file " + Bash.quote(conda.file().get()));
        } else {
            List<String> args = new ArrayList<>();
            conda.channels().forEach(c -> args.add(requireArgument("conda channel", c)));
            args.add("--");
            conda.packages().forEach(p -> args.add(requireArgument("conda package", p)));
            lines.add("gantry_conda_packages " + String.join(" ", args.stream()
                    .map(a -> a.equals("--") ? a : Bash.quote(a)).toList()));
        }
        lines.add("conda activate \"$gantry_conda_prefix\"");
        return lines;
    }

    private static List<String> pip(Deps.Pip pip, PipOptions options) {
        if (pip.packages().isEmpty() && pip.requirements().isEmpty()) {
            return List.of();
        }
        pip.packages().forEach(p -> requireArgument("pip package", p));
        Optional<String> requirements = pip.requirements();
        return List.of(
                "gantry_pip_python=" + Bash.quote(options.python()),
                "gantry_pip_args=(" + Bash.join(options.extraArgs()) + ")",
                "gantry_pip_venv " + Bash.quote(requirements.orElse(""))
                        + (pip.packages().isEmpty() ? "" : " " + Bash.join(pip.packages())),
                ". \"$gantry_venv/bin/activate\"");
    }

    /** A name passed as an argument must not be blank nor be read as an option. */
    private static String requireArgument(String what, String value) {
        if (value.isBlank() || value.startsWith("-")) {
            throw new IllegalArgumentException(what + " must not be blank or start with '-': '" + value + "'");
        }
        return value;
    }
}
