package org.gantry.job.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H4;
import com.vaadin.flow.component.html.NativeDetails;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.html.Span;
import java.util.List;
import java.util.Map;
import org.gantry.deps.DepsPlan;
import org.gantry.deps.DepsStep;
import org.gantry.deps.DepsPlan.PlannedStep;
import org.gantry.deps.TaskScriptRenderer;
import org.gantry.deps.TaskScriptRequest;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.JobSpec.RoleCommands;
import org.gantry.job.protocol.TaskRole;

/**
 * Shows, for each task role, the steps its tasks will run, each with the lines it runs (the
 * author's own commands first), and the whole generated script folded away below them.
 * Rendered here with the deps renderer rather than the runtime's JobPlanService: the runtime
 * depends on the job feature, so the job views calling it would make the features a cycle.
 * What differs is only the runtime's per-task environment (PAI_* values) and cache path.
 */
class PlanDialog extends Dialog {

    /** Where plans put the cache of built environments; the executor decides the real one. */
    static final String CACHE_DIR = "~/.cache/gantry";

    private static final TaskScriptRenderer RENDERER = new TaskScriptRenderer();

    PlanDialog(JobSpec spec) {
        setHeaderTitle("Plan of " + spec.name());
        setId("plan-dialog");
        setWidth("min(1000px, 95vw)");
        for (TaskRole role : spec.taskRoles().values()) {
            RoleCommands deployment = spec.activeDeployment().map(d -> d.taskRoles().get(role.name()))
                    .orElse(new RoleCommands(List.of(), List.of()));
            try {
                DepsPlan plan = plan(spec, role, deployment);
                add(new H4("Task role " + role.name() + " (" + role.instances() + " × "
                        + role.resourcePerInstance().cpu() + " CPU, " + role.resourcePerInstance().memoryMB()
                        + " MB, " + role.resourcePerInstance().gpu() + " GPU)"));
                add(new Span("Steps: " + String.join(" → ", plan.steps().stream()
                        .map(PlannedStep::step).map(DepsStep::stepName).toList())));
                for (PlannedStep step : plan.steps()) {
                    add(step(step));
                }
                Pre script = code(plan.script());
                script.addClassName("plan-script");
                NativeDetails generated = new NativeDetails("The whole generated script ("
                        + plan.script().lines().count() + " lines: step frames, markers, environment)", script);
                generated.addClassName("plan-generated");
                add(generated);
            } catch (IllegalArgumentException e) {
                add(new Span("Task role " + role.name() + " cannot be planned: " + e.getMessage()));
            }
        }
        getFooter().add(new Button("Close", e -> close()));
    }

    private static Div step(PlannedStep step) {
        Span name = new Span(step.step().stepName());
        name.getStyle().set("font-weight", "600").set("font-size", "var(--lumo-font-size-s)");
        Div shown = new Div(name, code(String.join("\n", step.lines())));
        shown.addClassName("plan-step");
        shown.getElement().setAttribute("data-step", step.step().stepName());
        return shown;
    }

    private static Pre code(String text) {
        Pre pre = new Pre(text);
        pre.getStyle().set("max-height", "40vh").set("overflow", "auto").set("font-size", "var(--lumo-font-size-xs)")
                .set("margin", "var(--lumo-space-xs) 0 var(--lumo-space-s) 0");
        return pre;
    }

    static DepsPlan plan(JobSpec spec, TaskRole role, RoleCommands deployment) {
        return RENDERER.plan(TaskScriptRequest.builder(CACHE_DIR).deps(spec.depsOf(role)).commands(role.commands())
                .preCommands(deployment.preCommands()).postCommands(deployment.postCommands())
                .runtimeEnv(Map.of()).build());
    }
}
