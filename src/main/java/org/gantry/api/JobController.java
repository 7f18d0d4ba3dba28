package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.gantry.job.Job;
import org.gantry.job.JobEndWaits;
import org.gantry.job.JobEvent;
import org.gantry.job.JobPage;
import org.gantry.job.JobQuery;
import org.gantry.diagnostics.DiagnosticsService;
import org.gantry.job.JobService;
import org.gantry.job.JobState;
import org.gantry.job.JobSummary;
import org.gantry.job.TaskLogs;
import org.gantry.job.TaskStatus;
import org.gantry.job.TaskStep;
import org.gantry.job.TaskHistory;
import org.gantry.security.CurrentUser;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * OpenPAI's job endpoints. A job is addressed as {@code {user}~{job}}. Anyone signed in
 * may read any job's status (as in OpenPAI); the config hides secrets from all but the
 * owner; stopping and tagging are for the owner and administrators.
 */
@RestController
@RequestMapping("/api/v2/jobs")
@Tag(name = "job", description = "API endpoint for job")
class JobController {

    static final String JOB = "/{user:[^~]+}~{job}";
    static final int MAX_EVENTS = 1000;
    /** The longest a GET with {@code wait} holds its answer back. */
    static final int MAX_WAIT_SECONDS = 60;
    /** How much of a log {@code tailMode=true} locations return: the last 16 KiB. */
    static final int TAIL_BYTES = 16 * 1024;

    private final JobService jobs;
    private final CurrentUser currentUser;
    private final ObjectProvider<TaskLogs> taskLogs;
    private final TaskSshPorts sshPorts;
    private final JobEndWaits endWaits;
    private final DiagnosticsService diagnostics;

    JobController(JobService jobs, CurrentUser currentUser, ObjectProvider<TaskLogs> taskLogs, TaskSshPorts sshPorts,
                  JobEndWaits endWaits, DiagnosticsService diagnostics) {
        this.sshPorts = sshPorts;
        this.diagnostics = diagnostics;
        this.endWaits = endWaits;
        this.jobs = jobs;
        this.currentUser = currentUser;
        this.taskLogs = taskLogs;
    }

    @PostMapping(path = {"", "/"}, consumes = {"text/yaml", "application/yaml", "application/x-yaml", "text/x-yaml",
            MediaType.TEXT_PLAIN_VALUE, MediaType.APPLICATION_JSON_VALUE, MediaType.APPLICATION_OCTET_STREAM_VALUE})
    @ResponseStatus(HttpStatus.ACCEPTED)
    @Operation(summary = "Submit a job", description = "Body: a job protocol v2 document (YAML, or the same as JSON)."
            + " 202 once it is stored; 400 with every problem (line, column, path) when it is not valid; 409 when"
            + " you already have a job of that name.")
    Map<String, String> submit(@io.swagger.v3.oas.annotations.parameters.RequestBody(content = @Content(
                                       mediaType = "text/yaml")) @RequestBody(required = false) byte[] body,
                               @RequestHeader(value = HttpHeaders.CONTENT_TYPE, required = false) String contentType) {
        String text = body == null ? "" : new String(body, charset(contentType));
        JobSummary job = jobs.submit(currentUser.require(), text);
        return Map.of("message", "update job " + job.name() + " successfully");
    }

    @GetMapping({"", "/"})
    @Operation(summary = "List jobs", description = "Filters: username, vc, state (comma-separated), keyword (in user,"
            + " job and virtual cluster names), tagsContain, tagsNotContain (comma-separated). order is"
            + " <field>,<ASC|DESC>. With withTotalCount=true the answer is {totalCount, data}.")
    Object list(@RequestParam Optional<String> username, @RequestParam Optional<String> vc,
                @RequestParam Optional<String> state, @RequestParam Optional<String> keyword,
                @RequestParam Optional<String> tagsContain, @RequestParam Optional<String> tagsNotContain,
                @RequestParam Optional<Long> offset, @RequestParam Optional<Integer> limit,
                @RequestParam Optional<String> order, @RequestParam Optional<String> withTotalCount) {
        JobQuery query = new JobQuery(nonBlank(username), nonBlank(vc), states(state), nonBlank(keyword),
                csv(tagsContain), csv(tagsNotContain), JobOrder.parse(order),
                offset.orElse(0L), limit.orElse(JobQuery.DEFAULT_LIMIT), "true".equalsIgnoreCase(withTotalCount.orElse("")));
        JobPage page = jobs.list(query);
        List<Map<String, Object>> data = page.jobs().stream().map(JobJson::summary).toList();
        if (page.totalCount().isPresent()) {
            return Map.of("totalCount", page.totalCount().getAsLong(), "data", data);
        }
        return data;
    }

    @GetMapping(JOB)
    @Operation(summary = "Get a job's status with its latest attempt", description = "With wait=N (seconds, at"
            + " most " + MAX_WAIT_SECONDS + ") the answer comes once the job has ended, or after N seconds with the"
            + " state it has then: a client following a job asks again instead of polling. A task role lists at"
            + " most taskLimit task statuses (default " + JobJson.TaskPage.DEFAULT_LIMIT + ", at most "
            + JobJson.TaskPage.MAX_LIMIT + ") from taskOffset; a role with more has taskStatusesPage {offset,"
            + " limit, total, states}.")
    Object get(@PathVariable String user, @PathVariable String job, @RequestParam Optional<Integer> wait,
               @RequestParam Optional<Integer> taskOffset, @RequestParam Optional<Integer> taskLimit) {
        JobJson.TaskPage page = taskPage(taskOffset, taskLimit);
        Optional<String> viewer = currentUser.username();
        // taken here, on the request's thread: a held-back answer is made on another
        String host = sshPorts.host();
        Supplier<Map<String, Object>> status = () -> {
            Map<String, Object> detail = JobJson.detail(jobs.detail(user, job, Optional.empty()), page);
            viewer.ifPresent(v -> sshPorts.addTo(detail, user, job, v, host));
            DiagnosisJson.addTo(detail, diagnostics, user, job);
            return detail;
        };
        if (wait.isEmpty() || wait.get() <= 0) {
            return status.get();
        }
        int seconds = Math.min(wait.get(), MAX_WAIT_SECONDS);
        Optional<CompletableFuture<Map<String, Object>>> later = endWaits.statusAfterEnd(user + "~" + job,
                () -> jobs.state(user, job).isFinal(), seconds, status);
        if (later.isEmpty()) {
            return status.get();
        }
        DeferredResult<Map<String, Object>> answer = new DeferredResult<>(TimeUnit.SECONDS.toMillis(seconds + 30L));
        later.get().whenComplete((detail, failure) -> {
            if (failure == null) {
                answer.setResult(detail);
            } else {
                answer.setErrorResult(failure);
            }
        });
        return answer;
    }

    private static JobJson.TaskPage taskPage(Optional<Integer> offset, Optional<Integer> limit) {
        int from = offset.orElse(0);
        int size = limit.orElse(JobJson.TaskPage.DEFAULT_LIMIT);
        if (from < 0) {
            throw ApiException.invalid("taskOffset must be 0 or more.");
        }
        if (size < 1 || size > JobJson.TaskPage.MAX_LIMIT) {
            throw ApiException.invalid("taskLimit must be between 1 and " + JobJson.TaskPage.MAX_LIMIT + ".");
        }
        return new JobJson.TaskPage(from, size);
    }

    @GetMapping(path = JOB + "/config", produces = "text/yaml")
    @Operation(summary = "Get a job's config (text/yaml)", description = "Its owner gets the secrets; an"
            + " administrator sees them masked; anyone else gets the config without them.")
    ResponseEntity<String> config(@PathVariable String user, @PathVariable String job) {
        return ResponseEntity.ok().contentType(new MediaType("text", "yaml", StandardCharsets.UTF_8))
                .body(jobs.config(user, job));
    }

    @PutMapping(JOB + "/executionType")
    @ResponseStatus(HttpStatus.ACCEPTED)
    @Operation(summary = "Stop (or keep starting) a job", description = "{\"value\": \"STOP\"|\"START\"}; owner or"
            + " administrator only.")
    Map<String, String> executionType(@PathVariable String user, @PathVariable String job,
                                      @RequestBody ValueRequest body) {
        Job.ExecutionType type = Arrays.stream(Job.ExecutionType.values())
                .filter(t -> t.name().equals(body.value())).findFirst()
                .orElseThrow(() -> ApiException.invalid("value must be START or STOP."));
        jobs.setExecutionType(user, job, type);
        return Map.of("message", "execute job " + job + " successfully");
    }

    @PutMapping(JOB + "/tag")
    @Operation(summary = "Add a tag to a job (owner or administrator)")
    Map<String, String> addTag(@PathVariable String user, @PathVariable String job, @RequestBody ValueRequest body) {
        jobs.addTag(user, job, body.value());
        return Map.of("message", "Add tag " + body.value() + " for job " + job + " successfully.");
    }

    @DeleteMapping(JOB + "/tag")
    @Operation(summary = "Remove a tag from a job (owner or administrator)")
    Map<String, String> removeTag(@PathVariable String user, @PathVariable String job,
                                  @RequestBody ValueRequest body) {
        jobs.removeTag(user, job, body.value());
        return Map.of("message", "Delete tag " + body.value() + " from job " + job + " successfully.");
    }

    @GetMapping(JOB + "/events")
    @Operation(summary = "Get a job's events, newest first", description = "type filters Normal or Warning.")
    Map<String, Object> events(@PathVariable String user, @PathVariable String job,
                               @RequestParam Optional<String> type) {
        Optional<JobEvent.Type> eventType = nonBlank(type).map(t -> Arrays.stream(JobEvent.Type.values())
                .filter(v -> v.name().equalsIgnoreCase(t)).findFirst()
                .orElseThrow(() -> ApiException.invalid("type must be Normal or Warning.")));
        JobService.EventPage page = jobs.events(user, job, eventType, MAX_EVENTS);
        JobSummary summary = jobs.find(user, job).orElseThrow();
        return Map.of("totalCount", page.totalCount(),
                "data", page.events().stream().map(e -> JobJson.event(summary, e)).toList());
    }

    @GetMapping({JOB + "/attempts", JOB + "/job-attempts"})
    @Operation(summary = "Get all attempts of a job, newest first")
    List<Map<String, Object>> attempts(@PathVariable String user, @PathVariable String job) {
        return jobs.attempts(user, job).stream()
                .map(a -> JobJson.attempt(jobs.detail(user, job, Optional.of(a.attemptIndex())))).toList();
    }

    @GetMapping(JOB + "/job-attempts/healthz")
    @Operation(summary = "Whether job attempts can be read (always, in Gantry)")
    Map<String, String> attemptsHealth(@PathVariable String user, @PathVariable String job) {
        return Map.of("message", "ok");
    }

    @GetMapping(JOB + "/attempts/{attempt}")
    @Operation(summary = "Get a job's status with the given attempt")
    Map<String, Object> attempt(@PathVariable String user, @PathVariable String job, @PathVariable int attempt) {
        return JobJson.detail(jobs.detail(user, job, Optional.of(attempt)));
    }

    @GetMapping(JOB + "/job-attempts/{attempt}")
    @Operation(summary = "Get one attempt of a job")
    Map<String, Object> jobAttempt(@PathVariable String user, @PathVariable String job, @PathVariable int attempt) {
        return JobJson.attempt(jobs.detail(user, job, Optional.of(attempt)));
    }

    @GetMapping(JOB + "/attempts/{attempt}/taskRoles/{role}/taskIndex/{index}/attempts")
    @Operation(summary = "Get a task's status and attempts", description = "Each attempt also lists its script's"
            + " steps (env … callBefore, task, callAfter) with state, exit code and times, for the job's owner and"
            + " administrators; null for others.")
    Map<String, Object> task(@PathVariable String user, @PathVariable String job, @PathVariable int attempt,
                             @PathVariable String role, @PathVariable int index) {
        TaskHistory history = jobs.task(user, job, Optional.of(attempt), role, index);
        return JobJson.task(jobs.find(user, job).orElseThrow(), attempt, history,
                steps(user, job, attempt, history.status()));
    }

    /**
     * The task attempt's steps for its owner and administrators, who may read its logs (empty
     * before it was launched); nothing for anyone else, nor while its executor cannot be reached.
     */
    private Optional<List<TaskStep>> steps(String user, String job, int attempt, TaskStatus task) {
        if (!user.equals(currentUser.require()) && !currentUser.isAdmin()) {
            return Optional.empty();
        }
        try {
            // Without the runtime (gantry.runtime.enabled=false) no task was launched: no steps yet.
            TaskLogs logs = taskLogs.getIfAvailable();
            return Optional.of(logs == null ? List.<TaskStep>of() : logs.steps(user, job, task.roleName(),
                    task.taskIndex(), Optional.of(new TaskLogs.Attempt(attempt, task.retries())))
                    .map(TaskLogs.Steps::steps).orElse(List.of()));
        } catch (IllegalStateException e) {
            return Optional.empty();
        }
    }

    @GetMapping(JOB + "/attempts/{attempt}/taskRoles/{role}/taskIndex/{index}/attempts/{taskAttempt}/logs")
    @Operation(summary = "Get where a task attempt's logs are", description = "Locations of its stdout and"
            + " stderr once it was launched (empty before); with tailMode=true they return only the last 16 KiB.")
    Map<String, Object> taskLogs(@PathVariable String user, @PathVariable String job, @PathVariable int attempt,
                                 @PathVariable String role, @PathVariable int index, @PathVariable int taskAttempt,
                                 @RequestParam Optional<Boolean> tailMode) {
        jobs.task(user, job, Optional.of(attempt), role, index);
        TaskLogs logs = taskLogs.getIfAvailable();
        if (logs == null || !logs.launched(user, job, role, index, new TaskLogs.Attempt(attempt, taskAttempt))) {
            return Map.of("locations", List.of());
        }
        String base = "/api/v2/jobs/" + user + "~" + job + "/attempts/" + attempt + "/taskRoles/" + role
                + "/taskIndex/" + index + "/attempts/" + taskAttempt + "/logs/";
        String query = tailMode.orElse(false) ? "?tail=" + TAIL_BYTES : "";
        return Map.of("locations", List.of(Map.of("name", "stdout", "uri", base + "stdout" + query),
                Map.of("name", "stderr", "uri", base + "stderr" + query)));
    }

    private static Charset charset(String contentType) {
        if (contentType == null) {
            return StandardCharsets.UTF_8;
        }
        try {
            Charset declared = MediaType.parseMediaType(contentType).getCharset();
            return declared == null ? StandardCharsets.UTF_8 : declared;
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }

    private static List<JobState> states(Optional<String> state) {
        return csv(state).stream().map(s -> Arrays.stream(JobState.values())
                .filter(v -> v.name().equalsIgnoreCase(s)).findFirst()
                .orElseThrow(() -> ApiException.invalid("Unknown state " + s + "; one of "
                        + Arrays.toString(JobState.values()) + "."))).toList();
    }

    private static List<String> csv(Optional<String> value) {
        return nonBlank(value).map(v -> Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .toList()).orElse(List.of());
    }

    private static Optional<String> nonBlank(Optional<String> value) {
        return value.map(String::strip).filter(v -> !v.isEmpty());
    }

    record ValueRequest(String value) {
    }
}
