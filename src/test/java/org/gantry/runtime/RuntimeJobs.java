package org.gantry.runtime;

import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.gantry.testsupport.RestClient;

/** Job documents for the runtime's end-to-end tests and waiting on their state over REST. */
public final class RuntimeJobs {

    private static final AtomicInteger COUNTER = new AtomicInteger();

    private RuntimeJobs() {
    }

    public static String name(String prefix) {
        return prefix + "-" + System.nanoTime() % 1_000_000L + "-" + COUNTER.incrementAndGet();
    }

    /** One task role running the commands, with optional extra task role fields. */
    public static String job(String name, String roleFields, String... commands) {
        StringBuilder yaml = new StringBuilder("protocolVersion: 2\nname: " + name + "\ntype: job\n"
                + "taskRoles:\n  main:\n");
        roleFields.lines().forEach(line -> yaml.append("    ").append(line).append('\n'));
        yaml.append("    commands:\n");
        for (String command : commands) {
            yaml.append("      - '").append(command.replace("'", "''")).append("'\n");
        }
        return yaml.toString();
    }

    /** The job's REST detail once it satisfies the condition. */
    public static JsonNode await(RestClient client, String user, String name, Predicate<JsonNode> condition,
                                 Duration timeout) throws InterruptedException {
        Instant end = Instant.now().plus(timeout);
        JsonNode job = null;
        while (Instant.now().isBefore(end)) {
            job = client.get("/api/v2/jobs/" + user + "~" + name).json();
            if (condition.test(job)) {
                return job;
            }
            Thread.sleep(200);
        }
        return fail("job " + name + " did not get there within " + timeout + "; last seen " + job);
    }

    public static Predicate<JsonNode> state(String state) {
        return job -> state.equals(job.at("/jobStatus/state").asText());
    }

    public static Predicate<JsonNode> ended() {
        return job -> switch (job.at("/jobStatus/state").asText()) {
            case "SUCCEEDED", "FAILED", "STOPPED" -> true;
            default -> false;
        };
    }
}
