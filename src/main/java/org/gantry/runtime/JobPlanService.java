package org.gantry.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.deps.DepsPlan;
import org.gantry.job.protocol.JobSpec;
import org.gantry.job.protocol.ParseResult;
import org.gantry.job.protocol.Problem;
import org.gantry.job.protocol.ProtocolParser;
import org.gantry.job.protocol.SecretRedaction;
import org.gantry.job.protocol.TaskRole;
import org.gantry.job.protocol.TemplateResult;
import org.gantry.job.protocol.Templating;
import org.gantry.security.GroupService;
import org.gantry.security.VirtualCluster;
import org.springframework.stereotype.Service;

/**
 * What a job will run, before it is submitted: per task, the rendered bash script and its
 * steps in canonical order, for {@code POST /api/v2/jobs/plan} and the editor's Plan panel.
 * Secret values are masked; hosts and ports, assigned at launch, are shown as placeholders.
 */
@Service
public class JobPlanService {

    static final String HOST_PLACEHOLDER = "<host>";

    private final ProtocolParser parser = new ProtocolParser();
    private final GroupService groups;
    private final ExecutorRegistry executors;
    private final TaskPlanner planner;

    JobPlanService(GroupService groups, ExecutorRegistry executors, RuntimeProperties runtime) {
        this.groups = groups;
        this.executors = executors;
        this.planner = new TaskPlanner(runtime.pip().options());
    }

    /** One step of a task script: its name in the job's YAML and the lines it runs. */
    public record PlannedStep(String name, List<String> lines) {
    }

    public record TaskPlan(String role, int index, String script, List<PlannedStep> steps) {
    }

    /** The plan, or the problems that keep the document from running (tasks empty then). */
    public record JobPlan(List<Problem> problems, String virtualCluster, String executor, List<TaskPlan> tasks) {
    }

    /**
     * @param user        who would submit it
     * @param expressions the user's expressions, for {@code <% expression.key %>}
     */
    public JobPlan plan(String user, String yaml, Map<String, String> expressions) {
        ParseResult parsed = parser.parse(yaml);
        if (parsed.spec().isEmpty() || parsed.hasErrors()) {
            return new JobPlan(parsed.problems(), "", "", List.of());
        }
        TemplateResult resolved = Templating.resolve(yaml, parsed.spec().get(), expressions);
        if (resolved.hasErrors()) {
            return new JobPlan(resolved.problems(), "", "", List.of());
        }
        ParseResult reparsed = parser.parse(resolved.resolvedText());
        if (reparsed.spec().isEmpty()) {
            return new JobPlan(reparsed.problems(), "", "", List.of());
        }
        JobSpec spec = reparsed.spec().get();
        String vcName = spec.defaults().virtualCluster().orElse("default");
        Optional<VirtualCluster> vc = groups.virtualCluster(vcName);
        String executor = vc.map(VirtualCluster::getExecutor).orElse(Executor.LOCAL);
        String cacheDir = cacheDir(vc, user);
        JobLayout layout = placeholderLayout(spec);
        List<TaskPlan> tasks = new ArrayList<>();
        for (TaskRole role : spec.taskRoles().values()) {
            for (int i = 0; i < role.instances(); i++) {
                TaskLaunch launch = planner.launch(spec, vcName, new AttemptRef(user, spec.name(), role.name(), i, 1),
                        layout, cacheDir);
                DepsPlan deps = planner.render(spec, role, launch.env(), cacheDir);
                List<PlannedStep> steps = deps.steps().stream().map(s -> new PlannedStep(s.step().stepName(),
                        s.lines().stream().map(line -> mask(line, spec)).toList())).toList();
                tasks.add(new TaskPlan(role.name(), i, mask(deps.script(), spec), steps));
            }
        }
        return new JobPlan(reparsed.problems(), vcName, executor, tasks);
    }

    private String cacheDir(Optional<VirtualCluster> vc, String user) {
        try {
            if (vc.isPresent()) {
                return executors.get(vc.get().getExecutor()).placement(vc.get().getExecutorTarget(), user).cacheDir();
            }
        } catch (ExecutorException | RuntimeException e) {
            // the plan still shows the steps; the cache dir is where a working executor would put it
        }
        return "~/.gantry/cache";
    }

    private static JobLayout placeholderLayout(JobSpec spec) {
        Map<String, List<JobLayout.TaskPlace>> roles = new LinkedHashMap<>();
        for (TaskRole role : spec.taskRoles().values()) {
            List<JobLayout.TaskPlace> places = new ArrayList<>();
            for (int i = 0; i < role.instances(); i++) {
                places.add(new JobLayout.TaskPlace(HOST_PLACEHOLDER, Map.of()));
            }
            roles.put(role.name(), places);
        }
        return new JobLayout(roles);
    }

    private static String mask(String text, JobSpec spec) {
        return spec.secrets().isEmpty() ? text : SecretRedaction.maskText(text, spec.secrets());
    }
}
