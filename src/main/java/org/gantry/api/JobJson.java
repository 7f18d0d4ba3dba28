package org.gantry.api;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.TreeMap;
import java.util.Optional;
import java.util.stream.Collectors;
import org.gantry.job.AttemptStatus;
import org.gantry.job.JobDetail;
import org.gantry.job.JobEventInfo;
import org.gantry.job.JobState;
import org.gantry.job.JobSummary;
import org.gantry.job.TaskHistory;
import org.gantry.job.TaskRun;
import org.gantry.job.TaskStatus;
import org.gantry.job.TaskStep;

/**
 * Jobs in the JSON shapes of OpenPAI's swagger (JobSummary, JobDetail, JobAttempt,
 * TaskStatus, JobEvents). Times are milliseconds since the epoch; fields Gantry cannot know
 * before the runtime has placed a task (container ip, ports) are present and empty.
 */
final class JobJson {

    private JobJson() {
    }

    static Map<String, Object> summary(JobSummary job) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("debugId", job.frameworkName());
        json.put("name", job.name());
        json.put("username", job.username());
        json.put("state", job.state().name());
        json.put("subState", subState(job.state()));
        json.put("executionType", job.executionType().name());
        json.put("tags", job.tags());
        json.put("retries", job.retries());
        json.put("retryDetails", retryDetails(job.retries(), job.platformRetries()));
        json.put("retryDelayTime", null);
        json.put("submissionTime", millis(job.submittedAt()));
        json.put("createdTime", millis(job.submittedAt()));
        json.put("launchedTime", millis(job.startedAt()));
        json.put("completedTime", millis(job.completedAt()));
        json.put("appExitCode", job.exitCode().orElse(null));
        json.put("virtualCluster", job.virtualCluster());
        json.put("totalGpuNumber", job.totalGpuNumber());
        json.put("totalTaskNumber", job.totalTaskNumber());
        json.put("totalTaskRoleNumber", job.totalTaskRoleNumber());
        return json;
    }

    /**
     * Which task statuses of each task role a status answer lists: {@code limit} from
     * {@code offset}. A role with more tasks than that gets {@code taskStatusesPage} beside its
     * {@code taskStatuses} (Gantry's addition): the page, the role's total and its tasks'
     * count by state, so that a client of a big job pages instead of reading megabytes.
     */
    record TaskPage(int offset, int limit) {

        /** Tasks per role listed when the client does not ask: every task of all but big roles. */
        static final int DEFAULT_LIMIT = 100;
        static final int MAX_LIMIT = 1_000;
        static final TaskPage FIRST = new TaskPage(0, DEFAULT_LIMIT);
    }

    static Map<String, Object> detail(JobDetail detail) {
        return detail(detail, TaskPage.FIRST);
    }

    static Map<String, Object> detail(JobDetail detail, TaskPage page) {
        JobSummary job = detail.summary();
        AttemptStatus attempt = detail.attempt();
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("username", job.username());
        status.put("state", job.state().name());
        status.put("subState", subState(job.state()));
        status.put("executionType", job.executionType().name());
        status.put("retries", job.retries());
        status.put("retryDetails", retryDetails(job.retries(), detail.taskRoles().values().stream()
                .flatMap(List::stream).mapToInt(TaskStatus::platformRetries).sum()));
        status.put("retryDelayTime", null);
        status.put("submissionTime", millis(job.submittedAt()));
        status.put("createdTime", millis(job.submittedAt()));
        status.put("launchedTime", millis(job.startedAt()));
        status.put("completedTime", millis(job.completedAt()));
        status.put("attemptId", attempt.attemptIndex());
        status.put("attemptState", attempt.state().name());
        status.put("appId", job.frameworkName() + "-" + attempt.attemptIndex());
        status.put("appCreatedTime", millis(job.submittedAt()));
        status.put("appLaunchedTime", millis(attempt.startedAt()));
        status.put("appCompletedTime", millis(attempt.completedAt()));
        status.put("appExitCode", attempt.exitCode().orElse(null));
        status.put("appExitSpec", null);
        status.put("appExitDiagnostics", attempt.diagnostics().or(detail::exitDiagnostics).orElse(null));
        Map<String, Object> messages = new LinkedHashMap<>();
        messages.put("container", null);
        messages.put("runtime", null);
        messages.put("launcher", attempt.diagnostics().orElse(null));
        status.put("appExitMessages", messages);
        status.put("appExitTriggerMessage", null);
        status.put("appExitTriggerTaskRoleName", null);
        status.put("appExitTriggerTaskIndex", null);
        status.put("appExitType", null);
        status.put("virtualCluster", job.virtualCluster());

        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", job.name());
        json.put("tags", job.tags());
        json.put("jobStatus", status);
        json.put("taskRoles", taskRoles(job, attempt, detail.taskRoles(), page));
        json.put("debugId", job.frameworkName());
        return json;
    }

    static Map<String, Object> attempt(JobDetail detail) {
        JobSummary job = detail.summary();
        AttemptStatus attempt = detail.attempt();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("jobName", job.name());
        json.put("frameworkName", job.frameworkName());
        json.put("uid", job.frameworkName() + "-" + attempt.attemptIndex());
        json.put("userName", job.username());
        json.put("state", attempt.state().name());
        json.put("originState", subState(attempt.state()));
        json.put("attemptIndex", attempt.attemptIndex());
        json.put("jobStartedTime", millis(job.startedAt()));
        json.put("attemptStartedTime", millis(attempt.startedAt()));
        json.put("attemptCompletedTime", millis(attempt.completedAt()));
        json.put("exitCode", attempt.exitCode().orElse(null));
        json.put("exitPhrase", null);
        json.put("exitType", null);
        json.put("exitDiagnostics", attempt.diagnostics()
                .map(d -> Map.of("diagnosticsSummary", d, "launcher", d)).orElse(null));
        json.put("appExitTriggerMessage", null);
        json.put("appExitTriggerTaskRoleName", null);
        json.put("appExitTriggerTaskIndex", null);
        json.put("appExitSpec", null);
        json.put("appExitDiagnostics", attempt.diagnostics().orElse(null));
        json.put("appExitMessages", null);
        json.put("totalGpuNumber", job.totalGpuNumber());
        json.put("totalTaskNumber", job.totalTaskNumber());
        json.put("totalTaskRoleNumber", job.totalTaskRoleNumber());
        json.put("taskRoles", taskRoles(job, attempt, detail.taskRoles(), TaskPage.FIRST));
        json.put("isLatest", attempt.latest());
        return json;
    }

    /**
     * A task in one job attempt with an entry per retry: the earlier ones as they ended, then the
     * current one, which carries its script's {@code steps} for viewers who may read them (Gantry's addition).
     */
    static Map<String, Object> task(JobSummary job, int jobAttemptId, TaskHistory history,
                                    Optional<List<TaskStep>> steps) {
        TaskStatus task = history.status();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("taskIndex", task.taskIndex());
        json.put("taskUid", taskUid(job, task));
        json.put("taskState", task.state().name());
        // OpenPAI's retries count every run again, accountableRetries only those the job is charged with
        json.put("retries", task.retries() + task.platformRetries());
        json.put("accountableRetries", task.retries());
        json.put("createdTime", millis(job.submittedAt()));
        json.put("launchedTime", millis(task.startedAt()));
        json.put("completedTime", millis(task.completedAt()));
        json.put("username", job.username());
        json.put("jobName", job.name());
        json.put("jobAttemptId", jobAttemptId);
        json.put("taskRoleName", task.roleName());
        List<Map<String, Object>> attempts = new ArrayList<>();
        for (TaskRun run : history.earlierRetries()) {
            attempts.add(earlierRetry(job, jobAttemptId, task, run));
        }
        Map<String, Object> current = container(job, jobAttemptId, task);
        current.put("attemptId", task.retries());
        current.put("attemptState", task.state().name());
        current.put("currentAttemptCreatedTime", millis(job.submittedAt()));
        current.put("currentAttemptLaunchedTime", millis(task.startedAt()));
        current.put("currentAttemptCompletedTime", millis(task.completedAt()));
        current.put("steps", steps.map(list -> list.stream().map(JobJson::step).toList()).orElse(null));
        attempts.add(current);
        json.put("attempts", attempts);
        return json;
    }

    private static Map<String, Object> earlierRetry(JobSummary job, int jobAttemptId, TaskStatus task, TaskRun run) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("attemptId", run.retry());
        json.put("attemptState", run.state().name());
        json.put("currentAttemptCreatedTime", millis(run.createdAt()));
        json.put("currentAttemptLaunchedTime", millis(run.startedAt()));
        json.put("currentAttemptCompletedTime", millis(run.completedAt()));
        json.put("containerId", run.containerId().orElse(null));
        json.put("containerIp", null);
        json.put("containerNodeName", run.node().orElse(null));
        json.put("containerPorts", containerPorts(run.ports()));
        json.put("containerGpus", null);
        json.put("containerLog", logsPath(job, jobAttemptId, task.roleName(), task.taskIndex(), run.retry()));
        json.put("containerExitCode", run.exitCode().orElse(null));
        json.put("containerExitSpec", null);
        json.put("containerExitDiagnostics", run.diagnostics().orElse(null));
        return json;
    }

    /** A step of a task attempt's script, in the style of OpenPAI's task status (states in capitals, times in ms). */
    private static Map<String, Object> step(TaskStep step) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", step.name());
        json.put("state", step.status().name());
        json.put("exitCode", step.exitCode().orElse(null));
        json.put("launchedTime", millis(step.startedAt()));
        json.put("completedTime", millis(step.endedAt()));
        json.put("durationMs", step.duration().map(Duration::toMillis).orElse(null));
        json.put("stderrTail", step.stderrTail());
        return json;
    }

    static Map<String, Object> event(JobSummary job, JobEventInfo event) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("uid", job.frameworkName() + "-event-" + event.id());
        json.put("frameworkName", job.frameworkName());
        json.put("podUid", "");
        json.put("taskroleName", "");
        json.put("taskName", "");
        json.put("taskIndex", -1);
        json.put("type", event.type().name());
        json.put("reason", event.reason());
        json.put("message", event.message());
        json.put("firstTimestamp", event.at().toString());
        json.put("lastTimestamp", event.at().toString());
        json.put("count", 1);
        json.put("sourceComponent", "gantry");
        json.put("sourceHost", null);
        return json;
    }

    static String logsPath(JobSummary job, int jobAttemptId, String role, int taskIndex, int taskAttemptId) {
        return "/api/v2/jobs/" + job.frameworkName() + "/attempts/" + jobAttemptId + "/taskRoles/" + role
                + "/taskIndex/" + taskIndex + "/attempts/" + taskAttemptId + "/logs";
    }

    private static Map<String, Object> taskRoles(JobSummary job, AttemptStatus attempt,
                                                 Map<String, List<TaskStatus>> roles, TaskPage page) {
        Map<String, Object> json = new LinkedHashMap<>();
        roles.forEach((role, tasks) -> {
            Map<String, Object> roleJson = new LinkedHashMap<>();
            roleJson.put("taskRoleStatus", Map.of("name", role));
            boolean paged = page.offset() > 0 || tasks.size() > page.limit();
            List<TaskStatus> listed = paged ? tasks.subList(Math.min(page.offset(), tasks.size()),
                    (int) Math.min((long) page.offset() + page.limit(), tasks.size())) : tasks;
            roleJson.put("taskStatuses", listed.stream().map(t -> taskStatus(job, attempt, t)).toList());
            if (paged) {
                Map<String, Long> states = new TreeMap<>(tasks.stream()
                        .collect(Collectors.groupingBy(t -> t.state().name(), Collectors.counting())));
                roleJson.put("taskStatusesPage", Map.of("offset", page.offset(), "limit", page.limit(),
                        "total", tasks.size(), "states", states));
            }
            json.put(role, roleJson);
        });
        return json;
    }

    private static Map<String, Object> taskStatus(JobSummary job, AttemptStatus attempt, TaskStatus task) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("taskIndex", task.taskIndex());
        json.put("taskUid", taskUid(job, task));
        json.put("taskState", task.state().name());
        json.put("waitingReason", task.waitingReason().orElse(null));
        json.putAll(container(job, attempt.attemptIndex(), task));
        // OpenPAI's retries count every run again, accountableRetries only those the job is charged with
        json.put("retries", task.retries() + task.platformRetries());
        json.put("accountableRetries", task.retries());
        json.put("createdTime", millis(job.submittedAt()));
        json.put("launchedTime", millis(task.startedAt()));
        json.put("completedTime", millis(task.completedAt()));
        json.put("attemptId", task.retries());
        json.put("attemptState", task.state().name());
        json.put("currentAttemptCreatedTime", millis(job.submittedAt()));
        json.put("currentAttemptLaunchedTime", millis(task.startedAt()));
        json.put("currentAttemptCompletedTime", millis(task.completedAt()));
        return json;
    }

    private static Map<String, Object> container(JobSummary job, int jobAttemptId, TaskStatus task) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("containerId", task.containerId().orElse(null));
        json.put("containerIp", task.nodeIp().orElse(null));
        json.put("containerNodeName", task.nodeHost().orElse(null));
        json.put("containerPorts", containerPorts(task.ports()));
        json.put("containerGpus", null);
        json.put("containerLog", logsPath(job, jobAttemptId, task.roleName(), task.taskIndex(), task.retries()));
        json.put("containerExitCode", task.exitCode().orElse(null));
        json.put("containerExitSpec", null);
        json.put("containerExitDiagnostics", task.exitDiagnostics().orElse(null));
        return json;
    }

    /**
     * OpenPAI's {@code containerPorts}: every label of {@code resourcePerInstance.ports} with its
     * port, or its ports comma-separated ({@code {"http": "20001", "nccl": "20002,20003"}}).
     */
    static Map<String, Object> containerPorts(Map<String, List<Integer>> ports) {
        Map<String, Object> json = new LinkedHashMap<>();
        ports.forEach((label, numbers) -> json.put(label,
                numbers.stream().map(String::valueOf).collect(Collectors.joining(","))));
        return json;
    }

    private static String taskUid(JobSummary job, TaskStatus task) {
        return job.frameworkName() + "-" + task.roleName() + "-" + task.taskIndex();
    }

    /** OpenPAI's retries by cause: the job's own retries and its current attempt's tasks' platform retries. */
    private static Map<String, Integer> retryDetails(int retries, int platform) {
        return Map.of("user", retries, "platform", platform, "resource", 0);
    }

    /** OpenPAI's (FrameworkController's) sub-state names for each state. */
    static String subState(JobState state) {
        return switch (state) {
            case WAITING -> "AttemptCreationPending";
            case RUNNING -> "AttemptRunning";
            case STOPPING -> "AttemptDeletionPending";
            case SUCCEEDED, FAILED, STOPPED -> "Completed";
        };
    }

    private static Long millis(Instant at) {
        return at.toEpochMilli();
    }

    private static Long millis(Optional<Instant> at) {
        return at.map(Instant::toEpochMilli).orElse(null);
    }
}
