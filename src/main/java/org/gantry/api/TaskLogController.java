package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.Optional;
import org.gantry.job.JobRunService;
import org.gantry.job.TaskLogs;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The content of a task attempt's logs, where the OpenPAI log locations point. Plain bytes;
 * the headers say where the read started and where the next one continues, so that a client
 * follows a running task by reading again from {@code X-Log-Next-Offset} until
 * {@code X-Log-Complete: true}.
 */
@RestController
@RequestMapping("/api/v2/jobs")
@Tag(name = "job", description = "API endpoint for job")
class TaskLogController {

    static final String LOG = JobController.JOB + "/attempts/{attempt}/taskRoles/{role}/taskIndex/{index}"
            + "/attempts/{taskAttempt}/logs/{stream:stdout|stderr}";

    private final ObjectProvider<TaskLogs> logs;
    private final JobRunService jobRuns;

    TaskLogController(ObjectProvider<TaskLogs> logs, JobRunService jobRuns) {
        this.logs = logs;
        this.jobRuns = jobRuns;
    }

    @GetMapping(path = LOG, produces = MediaType.TEXT_PLAIN_VALUE)
    @Operation(summary = "Read a task attempt's stdout or stderr", description = "offset: first byte (default 0);"
            + " tail: read only the last N bytes instead; limit: at most this many bytes (default and maximum 4 MiB)."
            + " Headers X-Log-Offset, X-Log-Next-Offset, X-Log-Size and X-Log-Complete. Owner and admins only.")
    ResponseEntity<byte[]> read(@PathVariable String user, @PathVariable String job, @PathVariable int attempt,
                                @PathVariable String role, @PathVariable int index, @PathVariable int taskAttempt,
                                @PathVariable String stream, @RequestParam Optional<Long> offset,
                                @RequestParam Optional<Integer> tail, @RequestParam Optional<Integer> limit) {
        if (offset.filter(o -> o < 0).isPresent() || tail.filter(t -> t < 0).isPresent()) {
            throw ApiException.invalid("offset and tail cannot be negative.");
        }
        TaskLogs.Stream which = stream.equals("stdout") ? TaskLogs.Stream.STDOUT : TaskLogs.Stream.STDERR;
        TaskLogs taskLogs = logs.getIfAvailable();
        Optional<TaskLogs.Chunk> log;
        if (taskLogs == null) {
            // Without the runtime (gantry.runtime.enabled=false) no task was launched; who may
            // read the logs is checked all the same.
            jobRuns.taskIdForLogs(user, job, role, index);
            log = Optional.empty();
        } else {
            log = taskLogs.read(user, job, role, index, Optional.of(new TaskLogs.Attempt(attempt, taskAttempt)),
                    which, offset.orElse(0L), tail, limit.orElse(TaskLogs.MAX_CHUNK));
        }
        if (log.isEmpty()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "NoTaskLogError", "Task " + role + "-" + index
                    + " has no attempt " + taskAttempt + " in job attempt " + attempt + " that was launched.");
        }
        TaskLogs.Chunk found = log.get();
        long start = found.nextOffset() - found.data().length;
        return ResponseEntity.ok()
                .contentType(new MediaType("text", "plain", java.nio.charset.StandardCharsets.UTF_8))
                .header("X-Log-Offset", Long.toString(start))
                .header("X-Log-Next-Offset", Long.toString(found.nextOffset()))
                .header("X-Log-Size", Long.toString(found.size()))
                .header("X-Log-Complete", Boolean.toString(found.complete()))
                .body(found.data());
    }
}
