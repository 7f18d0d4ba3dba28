package org.gantry.runtime.reconcile;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.base.GantryProperties;
import org.gantry.job.JobDetail;
import org.gantry.job.JobRunService;
import org.gantry.job.JobService;
import org.gantry.job.JobState;
import org.gantry.job.TaskStatus;
import org.gantry.runtime.AttemptShell;
import org.gantry.runtime.ExecutionHandle;
import org.gantry.runtime.Executor;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.ExecutorRegistry;
import org.gantry.runtime.runner.AttemptFiles;
import org.gantry.runtime.runner.RunnerScript;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellLookup;
import org.gantry.terminal.TaskShellLookup.Reason;
import org.gantry.terminal.TaskShellResolver;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Tells the terminal where the runtime runs a task: the latest launched attempt of the task,
 * where its executor says a shell opens ({@link Executor#shell}). The shell sources the environment the task script saved before its
 * commands ({@code work/.gantry/shell-env.sh}, see {@code org.gantry.deps.TaskScriptRenderer}).
 */
@Component
@ConditionalOnProperty(name = "gantry.runtime.enabled", havingValue = "true", matchIfMissing = true)
class RuntimeTaskShells implements TaskShellResolver {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")
            .withZone(ZoneOffset.UTC);
    private static final String SHELL_ENV = AttemptFiles.STATUS_DIR + "/shell-env.sh";

    private final JobService jobs;
    private final JobRunService runs;
    private final RuntimeStore store;
    private final ExecutorRegistry executors;
    private final Path knownHosts;

    RuntimeTaskShells(JobService jobs, JobRunService runs, RuntimeStore store, ExecutorRegistry executors,
                      GantryProperties gantry) {
        this.jobs = jobs;
        this.runs = runs;
        this.store = store;
        this.executors = executors;
        // Where the runtime's SSH client records the hosts' keys (SshExecutorConfiguration).
        this.knownHosts = gantry.dataDir().resolve("ssh").resolve("known_hosts");
    }

    @Override
    public Optional<TaskShellLookup> resolve(TaskRoute route) {
        if (jobs.find(route.jobOwner(), route.jobName()).isEmpty()) {
            return Optional.empty();
        }
        JobDetail detail;
        try {
            detail = jobs.detail(route.jobOwner(), route.jobName(), Optional.empty());
        } catch (IllegalStateException e) {
            return unavailable(Reason.NOT_STARTED, "Job " + route.jobId() + " has not started yet");
        }
        List<String> roles = List.copyOf(detail.taskRoles().keySet());
        String role = route.taskRole().orElse(roles.isEmpty() ? "" : roles.get(0));
        if (!detail.taskRoles().containsKey(role)) {
            return unavailable(Reason.NO_SUCH_TASK, "Job " + route.jobId() + " has no task role " + role
                    + "; its task roles are " + String.join(", ", roles));
        }
        int index = route.taskIndex().orElse(0);
        List<TaskStatus> tasks = detail.taskRoles().get(role);
        Optional<TaskStatus> task = tasks.stream().filter(t -> t.taskIndex() == index).findFirst();
        if (task.isEmpty()) {
            return unavailable(Reason.NO_SUCH_TASK, "Job " + route.jobId() + " has no task " + role + "[" + index
                    + "]; task role " + role + " has " + tasks.size() + " instance(s)");
        }
        String name = role + "[" + index + "] of " + route.jobId();
        TaskRoute resolved = TaskRoute.of(route.jobOwner(), route.jobName(), role, index);
        return Optional.of(lookup(resolved, task.get(), "Task " + name));
    }

    private TaskShellLookup lookup(TaskRoute route, TaskStatus task, String name) {
        JobState state = task.state();
        if (state == JobState.WAITING) {
            return new TaskShellLookup.Unavailable(Reason.NOT_STARTED, name + " has not started yet"
                    + task.waitingReason().map(reason -> " (" + reason + ")").orElse(""));
        }
        if (state.isFinal() || state == JobState.STOPPING) {
            return new TaskShellLookup.Unavailable(Reason.FINISHED, name + (state == JobState.STOPPING ? " is stopping"
                    : " finished (" + state + ")" + task.completedAt().map(at -> " at " + WHEN.format(at)).orElse("")));
        }
        long taskId = runs.taskId(route.jobOwner(), route.jobName(), route.taskRole().orElseThrow(),
                route.taskIndex().orElseThrow());
        Optional<ExecutionHandle> handle = store.launchedAttempt(taskId, Optional.empty(), Optional.empty())
                .filter(attempt -> attempt.getState() != TaskAttempt.State.ENDED)
                .flatMap(TaskAttempt::handle);
        if (handle.isEmpty()) {
            return new TaskShellLookup.Unavailable(Reason.NOT_STARTED, name + " is being launched; try again shortly");
        }
        try {
            String work = handle.get().workDir() + "/" + RunnerScript.WORK_DIR;
            Optional<String> init = Optional.of(handle.get().workDir() + "/" + SHELL_ENV);
            AttemptShell shell = new AttemptShell(route.jobOwner(), work, identity(route), init, knownHosts);
            return new TaskShellLookup.Running(route, executors.get(handle.get().executor()).shell(handle.get(), shell));
        } catch (ExecutorException | IllegalArgumentException e) {
            return new TaskShellLookup.Unavailable(Reason.NOT_ENTERABLE, name + " runs, but no shell can be opened "
                    + "there: " + e.getMessage());
        }
    }

    /** Enough to tell which task a shell is in before the task's own environment is saved. */
    private static Map<String, String> identity(TaskRoute route) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PAI_JOB_NAME", route.jobName());
        env.put("PAI_USER_NAME", route.jobOwner());
        env.put("PAI_CURRENT_TASK_ROLE_NAME", route.taskRole().orElseThrow());
        env.put("PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX", Integer.toString(route.taskIndex().orElseThrow()));
        env.put("GANTRY_JOB_NAME", route.jobName());
        env.put("GANTRY_USER", route.jobOwner());
        env.put("GANTRY_TASK_ROLE", route.taskRole().orElseThrow());
        env.put("GANTRY_TASK_INDEX", Integer.toString(route.taskIndex().orElseThrow()));
        return env;
    }

    private static Optional<TaskShellLookup> unavailable(Reason reason, String message) {
        return Optional.of(new TaskShellLookup.Unavailable(reason, message));
    }
}
