package org.gantry.api;

import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.gantry.job.JobFilter;
import org.gantry.job.JobListItem;
import org.gantry.job.JobSearchService;
import org.gantry.security.CurrentUser;
import org.gantry.star.StarService;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Gantry's stars, in OpenPAI's style: {@code PUT|DELETE /api/v2/jobs/{user}~{job}/star} and
 * the caller's starred jobs, newest first. A user may star any job they may see.
 */
@RestController
@Tag(name = "star", description = "Per-user stars on jobs")
class StarController {

    private static final int DEFAULT_LIMIT = 20;

    private final StarService stars;
    private final CurrentUser currentUser;

    StarController(StarService stars, CurrentUser currentUser) {
        this.stars = stars;
        this.currentUser = currentUser;
    }

    @GetMapping("/api/v2/users/me/starred-jobs")
    @Operation(summary = "List the jobs you starred", description = "Newest first; offset and limit page the list.")
    List<Map<String, Object>> starredJobs(@RequestParam Optional<Integer> offset, @RequestParam Optional<Integer> limit) {
        int from = offset.orElse(0);
        int size = limit.orElse(DEFAULT_LIMIT);
        if (from < 0 || size < 0 || size > JobSearchService.MAX_LIMIT) {
            throw ApiException.invalid("offset must be ≥ 0 and limit between 0 and " + JobSearchService.MAX_LIMIT + ".");
        }
        return stars.starredJobs(currentUser.require(), JobFilter.ALL, from, size).stream()
                .map(StarController::json).toList();
    }

    @PutMapping("/api/v2/jobs/{user:[^~]+}~{job}/star")
    @Operation(summary = "Star a job", description = "Idempotent; 404 when there is no such job you may see.")
    Map<String, String> star(@PathVariable String user, @PathVariable String job) {
        set(user, job, true);
        return Map.of("message", "Starred job " + user + "~" + job + ".");
    }

    @DeleteMapping("/api/v2/jobs/{user:[^~]+}~{job}/star")
    @Operation(summary = "Unstar a job", description = "Idempotent; 404 when there is no such job you may see.")
    Map<String, String> unstar(@PathVariable String user, @PathVariable String job) {
        set(user, job, false);
        return Map.of("message", "Unstarred job " + user + "~" + job + ".");
    }

    private void set(String user, String job, boolean starred) {
        if (stars.setStarred(currentUser.require(), user, job, starred).isEmpty()) {
            throw new ApiException(HttpStatus.NOT_FOUND, "NoJobError", "Job " + user + "~" + job + " is not found.");
        }
    }

    /** The fields of OpenPAI's job list entry, times in epoch milliseconds, plus Gantry's own. */
    static Map<String, Object> json(JobListItem job) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", job.name());
        json.put("username", job.owner());
        json.put("state", job.state().name());
        json.put("retries", job.retries());
        json.put("createdTime", job.submittedAt().toEpochMilli());
        json.put("submissionTime", job.submittedAt().toEpochMilli());
        json.put("launchedTime", job.startedAt().map(Instant::toEpochMilli).orElse(null));
        json.put("completedTime", job.completedAt().map(Instant::toEpochMilli).orElse(null));
        json.put("appExitCode", job.exitCode().orElse(null));
        json.put("virtualCluster", job.virtualCluster());
        json.put("tags", job.tags());
        json.put("starred", job.starred());
        return json;
    }
}
