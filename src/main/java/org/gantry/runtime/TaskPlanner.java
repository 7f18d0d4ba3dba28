package org.gantry.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.gantry.deps.DepsPlan;
import org.gantry.deps.PipOptions;
import org.gantry.deps.TaskScriptRenderer;
import org.gantry.deps.TaskScriptRequest;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.TaskRole;

/**
 * Turns a job's spec into what one of its tasks runs: the runtime variables of its place in
 * the job's layout, and the bash script the deps renderer makes of its role's deps and commands
 * (wrapped by the active deployment's pre- and postCommands).
 */
public final class TaskPlanner {

    private final TaskScriptRenderer renderer = new TaskScriptRenderer();
    private final PipOptions pip;

    public TaskPlanner(PipOptions pip) {
        this.pip = pip;
    }

    /**
     * The launch of one attempt.
     *
     * @param spec     the job as it runs: templates resolved, secrets included
     * @param cacheDir where the task's machine keeps the deps renderer's environments
     */
    public TaskLaunch launch(JobSpec spec, String virtualCluster, AttemptRef ref, JobLayout layout, String cacheDir) {
        TaskRole role = role(spec, ref.role());
        Map<String, String> env = TaskEnvironment.of(new TaskEnvironment.Layout(spec.name(), ref.user(),
                virtualCluster, roleLayouts(spec, layout), ref.role(), ref.index(), ref.attempt()));
        DepsPlan plan = render(spec, role, env, cacheDir);
        return new TaskLaunch(ref, plan.script(), env, resources(role));
    }

    /** The rendered script and its ordered steps for a task of {@code role} with {@code env}. */
    public DepsPlan render(JobSpec spec, TaskRole role, Map<String, String> env, String cacheDir) {
        List<String> pre = List.of();
        List<String> post = List.of();
        var commands = spec.activeDeployment().map(d -> d.taskRoles().get(role.name()));
        if (commands.isPresent() && commands.get() != null) {
            pre = commands.get().preCommands();
            post = commands.get().postCommands();
        }
        return renderer.plan(TaskScriptRequest.builder(cacheDir)
                .deps(spec.depsOf(role))
                .commands(role.commands())
                .preCommands(pre)
                .postCommands(post)
                .runtimeEnv(env)
                .pipOptions(pip)
                .build());
    }

    public static Resources resources(TaskRole role) {
        TaskRole.ResourcePerInstance r = role.resourcePerInstance();
        return new Resources(r.cpu(), r.memoryMB(), r.gpu());
    }

    public static TaskRole role(JobSpec spec, String name) {
        TaskRole role = spec.taskRoles().get(name);
        if (role == null) {
            throw new IllegalArgumentException("job " + spec.name() + " has no task role " + name);
        }
        return role;
    }

    private static List<TaskEnvironment.RoleLayout> roleLayouts(JobSpec spec, JobLayout layout) {
        List<TaskEnvironment.RoleLayout> roles = new ArrayList<>();
        for (TaskRole role : spec.taskRoles().values()) {
            List<String> hosts = new ArrayList<>();
            List<Map<String, List<Integer>>> ports = new ArrayList<>();
            for (int i = 0; i < role.instances(); i++) {
                JobLayout.TaskPlace place = layout.place(role.name(), i);
                hosts.add(place.host());
                ports.add(place.ports());
            }
            roles.add(new TaskEnvironment.RoleLayout(role.name(), role.instances(), resources(role),
                    role.completion().minFailedInstances(), role.completion().minSucceededInstances(), hosts, ports));
        }
        return roles;
    }
}
