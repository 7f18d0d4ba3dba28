package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gantry job list}: the newest jobs, one line each. */
@Command(name = "list", description = "List jobs, newest first.")
class JobListCommand implements Callable<Integer> {

    @Option(names = "--user", description = "Only this user's jobs")
    String user;

    @Option(names = "--state", description = "Only jobs in this state (WAITING, RUNNING, …)")
    String state;

    @Option(names = "--limit", defaultValue = "20", description = "How many jobs (default ${DEFAULT-VALUE})")
    int limit;

    @Override
    public Integer call() throws Exception {
        StringBuilder query = new StringBuilder("/api/v2/jobs?order=completionTime&limit=").append(limit);
        if (user != null) {
            query.append("&username=").append(ApiClient.encode(user));
        }
        if (state != null) {
            query.append("&state=").append(ApiClient.encode(state));
        }
        JsonNode jobs = ApiClient.fromConfig().get(query.toString());
        System.out.printf("%-40s %-12s %-10s %s%n", "JOB", "VC", "STATE", "SUBMITTED");
        for (JsonNode job : jobs.isArray() ? jobs : jobs.path("data")) {
            System.out.printf("%-40s %-12s %-10s %s%n", job.path("username").asText() + "~" + job.path("name").asText(),
                    job.path("virtualCluster").asText(), job.path("state").asText(),
                    Instant.ofEpochMilli(job.path("submissionTime").asLong()));
        }
        return 0;
    }
}
