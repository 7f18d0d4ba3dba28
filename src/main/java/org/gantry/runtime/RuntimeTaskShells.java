package org.gantry.runtime;

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
import org.gantry.runtime.local.LocalExecutor;
import org.gantry.runtime.local.TaskAccount;
import org.gantry.runtime.slurm.SlurmExecutor;
import org.gantry.runtime.ssh.SshExecutor;
import org.gantry.runtime.ssh.SshTarget;
import org.gantry.runtime.ssh.SshTargets;
import org.gantry.terminal.SshEndpoint;
import org.gantry.terminal.TaskRoute;
import org.gantry.terminal.TaskShellLookup;
import org.gantry.terminal.TaskShellLookup.Reason;
import org.gantry.terminal.TaskShellResolver;
import org.gantry.terminal.TaskShellTarget;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;

/**
 * Tells the terminal where the runtime runs a task: the latest launched attempt of the task,
 * by its executor. The shell sources the environment the task script saved before its
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
    private final LocalExecutor local;
    private final SshTargets sshTargets;
    private final Path knownHosts;

    RuntimeTaskShells(JobService jobs, JobRunService runs, RuntimeStore store, LocalExecutor local,
                      SshTargets sshTargets, GantryProperties gantry) {
        this.jobs = jobs;
        this.runs = runs;
        this.store = store;
        this.local = local;
        this.sshTargets = sshTargets;
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
            return new TaskShellLookup.Running(route, target(route, handle.get()));
        } catch (ExecutorException | IllegalArgumentException e) {
            return new TaskShellLookup.Unavailable(Reason.NOT_ENTERABLE, name + " runs, but no shell can be opened "
                    + "there: " + e.getMessage());
        }
    }

    private TaskShellTarget target(TaskRoute route, ExecutionHandle handle) throws ExecutorException {
        String work = handle.workDir() + "/" + RunnerScript.WORK_DIR;
        Optional<String> init = Optional.of(handle.workDir() + "/" + SHELL_ENV);
        Map<String, String> env = identity(route);
        switch (handle.executor()) {
            case LocalExecutor.KIND -> {
                return new TaskShellTarget.Local(account(route), Path.of(work), env, init);
            }
            case SlurmExecutor.KIND -> {
                String target = handle.target().trim();
                int colon = target.indexOf(':');
                Optional<SshEndpoint> login = colon <= 0 ? Optional.empty()
                        : Optional.of(endpoint(target.substring(0, colon).trim()));
                String account = login.isPresent() ? login.get().user() : account(route);
                return new TaskShellTarget.Slurm(handle.externalId(), account, login, Optional.of(work), env, init);
            }
            case SshExecutor.KIND -> {
                return new TaskShellTarget.SshHost(endpoint(handle.target()), work, env, init);
            }
            default -> throw new IllegalArgumentException("unknown executor " + handle.executor());
        }
    }

    /** The local account the user's tasks run as: their task account, or Gantry's own. */
    private String account(TaskRoute route) throws ExecutorException {
        return local.accountFor(route.jobOwner()).map(TaskAccount::name).orElse(System.getProperty("user.name"));
    }

    private SshEndpoint endpoint(String alias) {
        SshTarget host = sshTargets.find(alias)
                .orElseThrow(() -> new IllegalArgumentException("no SSH host " + alias + " is registered"));
        return new SshEndpoint(host.host(), host.port(), host.username(), host.keyPath(), Optional.empty(),
                Optional.of(knownHosts));
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
