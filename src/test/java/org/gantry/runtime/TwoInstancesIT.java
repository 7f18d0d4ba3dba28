package org.gantry.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two Gantry JVMs on one PostgreSQL and one data directory (decision 0040): both accept
 * jobs, one leads the runtime; killed with SIGKILL during a burst of submissions to both, the
 * other leads within 10 s (the lease expiring, as across machines) and finishes every job
 * accepted by either, each task run once.
 */
class TwoInstancesIT {

    private static final Duration WAIT = Duration.ofMinutes(5);

    @TempDir
    static Path dir;

    @Test
    void the_other_instance_leads_after_a_kill_9_of_the_leader_and_no_accepted_job_is_lost_or_run_twice()
            throws Exception {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path marks = Files.createDirectories(dir.resolve("marks"));
        Files.setPosixFilePermissions(marks, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path data = dir.resolve("data");
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setDataDirectory(dir.resolve("postgres"))
                .setCleanDataDirectory(true).start()) {
            Map<String, String> properties = Map.of(
                    "spring.datasource.url", pg.getJdbcUrl("postgres", "postgres"),
                    "spring.datasource.username", "postgres",
                    "gantry.terminal.ssh-port", "0",
                    "gantry.terminal.task-ports", "",
                    "gantry.runtime.reconcile-interval", "1s",
                    // as on two machines: the survivor waits for the lease to expire
                    "gantry.runtime.leader.take-over-from-dead-processes", "false");
            try (GantryProcess first = GantryProcess.start(data, dir.resolve("first.log"), properties);
                 GantryProcess second = GantryProcess.start(data, dir.resolve("second.log"), properties);
                 Connection db = pg.getPostgresDatabase().getConnection()) {
                GantryProcess leader = leaderPid(db) == first.pid() ? first : second;
                GantryProcess follower = leader == first ? second : first;
                assertThat(leaderPid(db)).isEqualTo(leader.pid());

                RestClient onLeader = RestClient.newUser(leader.port(), "two");
                String user = onLeader.username();
                RestClient onFollower = RestClient.anonymous(follower.port()).login(user, "pw-" + user);

                Map<String, GantryProcess> accepted = new ConcurrentHashMap<>();
                Set<String> sent = ConcurrentHashMap.newKeySet();
                AtomicInteger counter = new AtomicInteger();
                AtomicBoolean leaderAlive = new AtomicBoolean(true);
                AtomicBoolean bursting = new AtomicBoolean(true);
                List<Thread> clients = new ArrayList<>();
                for (int c = 0; c < 4; c++) {
                    boolean toLeader = c % 2 == 0;
                    RestClient client = toLeader ? onLeader : onFollower;
                    GantryProcess target = toLeader ? leader : follower;
                    AtomicBoolean on = toLeader ? leaderAlive : bursting;
                    Thread thread = new Thread(() -> {
                        while (on.get() && bursting.get()) {
                            String name = "two-" + counter.incrementAndGet();
                            sent.add(name);
                            try {
                                RestClient.Response response = client.postYaml("/api/v2/jobs",
                                        RuntimeJobs.job(name, "resourcePerInstance: {cpu: 1, memoryMB: 64}",
                                                "echo run >> " + marks.resolve(name)));
                                if (response.status() == 202) {
                                    accepted.put(name, target);
                                }
                            } catch (RuntimeException e) {
                                return;  // the instance is gone
                            }
                        }
                    });
                    thread.start();
                    clients.add(thread);
                }
                // the leader runs jobs the follower accepted: kill it once it claimed one of them
                Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
                while (claimedBy(db, leader.pid(), acceptedBy(accepted, follower)) == 0
                        && Instant.now().isBefore(deadline)) {
                    Thread.sleep(200);
                }
                assertThat(claimedBy(db, leader.pid(), acceptedBy(accepted, follower))).as("claimed by the leader")
                        .isPositive();
                Thread.sleep(1000);
                Instant killed = Instant.now();
                leader.kill9();
                leaderAlive.set(false);
                Duration takeover = awaitLeader(db, follower.pid(), Duration.ofSeconds(60), killed);
                Thread.sleep(2000);
                bursting.set(false);
                for (Thread client : clients) {
                    client.join();
                }
                System.out.printf("two instances: %d accepted (%d by the follower), takeover after %d ms%n",
                        accepted.size(), accepted.values().stream().filter(g -> g == follower).count(),
                        takeover.toMillis());
                assertThat(takeover).isLessThanOrEqualTo(Duration.ofSeconds(10));

                for (String name : accepted.keySet()) {
                    String state = awaitEnded(onFollower, user, name);
                    assertThat(state).as(name).isEqualTo("SUCCEEDED");
                }
                for (String name : sent) {
                    Path mark = marks.resolve(name);
                    if (Files.exists(mark)) {
                        assertThat(Files.readAllLines(mark)).as("runs of " + name).containsExactly("run");
                    } else {
                        assertThat(accepted).as("an accepted job that never ran: " + name).doesNotContainKey(name);
                    }
                }
            }
        }
    }

    private static List<String> acceptedBy(Map<String, GantryProcess> accepted, GantryProcess gantry) {
        return accepted.entrySet().stream().filter(e -> e.getValue() == gantry).map(Map.Entry::getKey).toList();
    }

    private static long leaderPid(Connection db) throws Exception {
        try (Statement sql = db.createStatement();
             ResultSet row = sql.executeQuery("select holder from runtime_leader where id = 1")) {
            row.next();
            String holder = row.getString(1);
            return holder == null ? -1 : Long.parseLong(holder.split(" ")[3]);
        }
    }

    private static Duration awaitLeader(Connection db, long pid, Duration timeout, Instant since) throws Exception {
        Instant end = Instant.now().plus(timeout);
        while (Instant.now().isBefore(end)) {
            if (leaderPid(db) == pid) {
                return Duration.between(since, Instant.now());
            }
            Thread.sleep(100);
        }
        throw new AssertionError("pid " + pid + " did not lead within " + timeout);
    }

    private static long claimedBy(Connection db, long pid, List<String> jobs) throws Exception {
        if (jobs.isEmpty()) {
            return 0;
        }
        try (var sql = db.prepareStatement("select count(*) from task_attempt a join job j on j.id = a.job_id"
                + " where a.claimed_by like ? and j.name = any (?)")) {
            sql.setString(1, pid + "@%");
            sql.setArray(2, db.createArrayOf("varchar", jobs.toArray()));
            try (ResultSet row = sql.executeQuery()) {
                row.next();
                return row.getLong(1);
            }
        }
    }

    private static String awaitEnded(RestClient client, String user, String name) throws InterruptedException {
        Instant end = Instant.now().plus(WAIT);
        String state = "";
        while (Instant.now().isBefore(end)) {
            RestClient.Response response = client.get("/api/v2/jobs/" + user + "~" + name);
            state = response.status() == 200 ? response.json().at("/jobStatus/state").asText() : "";
            if (state.equals("SUCCEEDED") || state.equals("FAILED") || state.equals("STOPPED")) {
                return state;
            }
            Thread.sleep(300);
        }
        return state;
    }
}
