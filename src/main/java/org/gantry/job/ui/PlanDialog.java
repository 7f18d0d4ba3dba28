package org.gantry.job.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.H4;
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
 * Shows, for each task role, the steps its tasks will run and the script rendered from them.
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
                Pre script = new Pre(plan.script());
                script.addClassName("plan-script");
                script.getStyle().set("max-height", "50vh").set("overflow", "auto")
                        .set("font-size", "var(--lumo-font-size-xs)");
                add(script);
            } catch (IllegalArgumentException e) {
                add(new Span("Task role " + role.name() + " cannot be planned: " + e.getMessage()));
            }
        }
        getFooter().add(new Button("Close", e -> close()));
    }

    static DepsPlan plan(JobSpec spec, TaskRole role, RoleCommands deployment) {
        return RENDERER.plan(TaskScriptRequest.builder(CACHE_DIR).deps(spec.depsOf(role)).commands(role.commands())
                .preCommands(deployment.preCommands()).postCommands(deployment.postCommands())
                .runtimeEnv(Map.of()).build());
    }
}
