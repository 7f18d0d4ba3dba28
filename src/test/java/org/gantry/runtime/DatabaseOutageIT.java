package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.runtime.RuntimeJobs.await;
import static org.gantry.runtime.RuntimeJobs.ended;
import static org.gantry.runtime.RuntimeJobs.job;
import static org.gantry.runtime.RuntimeJobs.name;
import static org.gantry.runtime.RuntimeJobs.state;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded PostgreSQL's postmaster killed with SIGKILL while tasks run and clients submit:
 * clients get 503 with Retry-After (never another 5xx), Gantry starts the server again on the
 * same data directory, and every acknowledged job runs once and succeeds, including the ones
 * that ended during the outage.
 */
class DatabaseOutageIT {

    private static final Duration WAIT = Duration.ofMinutes(3);

    @TempDir
    static Path dir;

    @Test
    void a_killed_embedded_database_is_restarted_and_no_acknowledged_job_is_lost_or_run_twice() throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path marks = Files.createDirectories(dir.resolve("marks"));
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path data = dir.resolve("data");
        try (GantryProcess gantry = GantryProcess.start(data, GantryProcess.freshLog("database-outage-it"), Map.of())) {
            RestClient alice = RestClient.newUser(gantry.port(), "outage");
            String user = alice.username();
            // runs through the outage: its end is in the runner's files until the database is back
            String through = name("through-outage");
            alice.submit(job(through, "", "echo run >> " + marks.resolve(through), "sleep 6"));
            await(alice, user, through, state("RUNNING"), WAIT);

            Set<String> accepted = ConcurrentHashMap.newKeySet();
            accepted.add(through);
            Queue seen = new Queue();
            AtomicBoolean submitting = new AtomicBoolean(true);
            List<Thread> clients = new ArrayList<>();
            for (int c = 0; c < 3; c++) {
                Thread client = new Thread(() -> {
                    while (submitting.get()) {
                        String name = name("burst");
                        RestClient.Response response = alice.postYaml("/api/v2/jobs",
                                job(name, "", "echo run >> " + marks.resolve(name), "sleep 1"));
                        seen.add(response);
                        if (response.status() == 202) {
                            accepted.add(name);
                        }
                        seen.add(alice.get("/api/v2/jobs?username=" + user + "&limit=5"));
                        pause(100);
                    }
                });
                client.start();
                clients.add(client);
            }
            Thread.sleep(2000);
            Path pidFile = data.resolve("postgres/postmaster.pid");
            long postmaster = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
            new ProcessBuilder("kill", "-9", Long.toString(postmaster)).inheritIO().start().waitFor();
            int acceptedAtKill = accepted.size();

            Instant end = Instant.now().plus(WAIT);
            while (seen.unavailable.get() == 0 && Instant.now().isBefore(end)) {
                Thread.sleep(100);
            }
            assertThat(seen.unavailable.get()).as("503s during the outage").isPositive();
            while (accepted.size() <= acceptedAtKill + 3 && Instant.now().isBefore(end)) {
                Thread.sleep(200);
            }
            submitting.set(false);
            for (Thread client : clients) {
                client.join();
            }

            assertThat(seen.otherErrors).as("5xx other than 503, or 503 without Retry-After").isEmpty();
            assertThat(accepted.size()).as("accepted after the restart").isGreaterThan(acceptedAtKill + 3);
            long restarted = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
            assertThat(restarted).as("a new postmaster").isNotEqualTo(postmaster);

            for (String name : accepted) {
                JsonNode job = await(alice, user, name, ended(), WAIT);
                assertThat(job.at("/jobStatus/state").asText()).as(name).isEqualTo("SUCCEEDED");
                assertThat(Files.readAllLines(marks.resolve(name))).as("runs of " + name).containsExactly("run");
            }
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What clients saw: 503s (each must carry Retry-After and OpenPAI's error body) and any other 5xx. */
    private static final class Queue {
        final AtomicInteger unavailable = new AtomicInteger();
        final ConcurrentLinkedQueue<String> otherErrors = new ConcurrentLinkedQueue<>();

        void add(RestClient.Response response) {
            if (response.status() == 503 && response.retryAfter().isPresent()
                    && response.json().path("code").asText().equals("DatabaseUnavailableError")) {
                unavailable.incrementAndGet();
            } else if (response.status() >= 500) {
                otherErrors.add(response.toString());
            }
        }
    }
}
