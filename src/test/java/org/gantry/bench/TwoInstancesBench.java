package org.gantry.bench;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.gantry.testsupport.GantryProcess;
import org.gantry.testsupport.RestClient;

/**
 * Fault rounds with two Gantry instances on one PostgreSQL and one data directory (decision
 * 0040): clients submit to both; the leader is killed with SIGKILL at a random moment; the
 * other must take the lease over; the killed one starts again as a follower. After the last
 * round every accepted job is followed to its end. Prints the fault table's columns: accepted,
 * finished, lost, run twice, recovery s (SIGKILL to the other instance leading; max and median)
 * and 5xx answers other than 503.
 */
final class TwoInstancesBench {

    private TwoInstancesBench() {
    }

    static void run(int rounds) throws Exception {
        String row = row(rounds);
        System.out.println(FaultOutcome.HEADER);
        System.out.println(row);
    }

    /** The fault table's row of the rounds. */
    static String row(int rounds) throws Exception {
        BenchGantry bench = new BenchGantry("two-instances", Map.of());
        Path root = bench.dataDir.getParent();
        try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setDataDirectory(root.resolve("postgres"))
                .setCleanDataDirectory(true).start();
             Connection db = pg.getPostgresDatabase().getConnection()) {
            Map<String, String> properties = Map.of(
                    "spring.datasource.url", pg.getJdbcUrl("postgres", "postgres"),
                    "spring.datasource.username", "postgres",
                    "gantry.terminal.ssh-port", "0",
                    "gantry.terminal.task-ports", "",
                    // as on two machines: the survivor waits for the lease to expire
                    "gantry.runtime.leader.take-over-from-dead-processes", "false");
            BenchGantry a = new BenchGantry("two-instances-a", properties, bench.dataDir, bench.marks);
            BenchGantry b = new BenchGantry("two-instances-b", properties, bench.dataDir, bench.marks);
            GantryProcess[] running = {a.start(), b.start()};
            RestClient admin = RestClient.newUser(running[0].port(), "two");
            String username = admin.username();
            String password = "pw-" + username;
            Set<String> accepted = ConcurrentHashMap.newKeySet();
            AtomicInteger counter = new AtomicInteger();
            AtomicInteger other5xx = new AtomicInteger();
            List<Double> recoveries = new ArrayList<>();
            for (int round = 1; round <= rounds; round++) {
                int leaderIndex = leaderPid(db) == running[0].pid() ? 0 : 1;
                GantryProcess leader = running[leaderIndex];
                GantryProcess follower = running[1 - leaderIndex];
                AtomicBoolean leaderAlive = new AtomicBoolean(true);
                AtomicBoolean bursting = new AtomicBoolean(true);
                List<Thread> clients = new ArrayList<>();
                for (int c = 0; c < 4; c++) {
                    GantryProcess target = c % 2 == 0 ? leader : follower;
                    AtomicBoolean on = c % 2 == 0 ? leaderAlive : bursting;
                    RestClient client = RestClient.anonymous(target.port()).login(username, password);
                    Thread thread = new Thread(() -> {
                        while (on.get() && bursting.get()) {
                            String name = "two-" + counter.incrementAndGet();
                            try {
                                RestClient.Response response = client.postYaml("/api/v2/jobs", BenchGantry.job(name,
                                        "echo run >> " + bench.marks.resolve(name) + "; sleep 0.1"));
                                if (response.status() == 202) {
                                    accepted.add(name);
                                } else if (response.status() >= 500 && response.status() != 503) {
                                    other5xx.incrementAndGet();
                                }
                            } catch (RuntimeException e) {
                                return;  // the instance is gone
                            }
                        }
                    });
                    thread.start();
                    clients.add(thread);
                }
                Thread.sleep(ThreadLocalRandom.current().nextLong(1000, 5000));
                long killed = System.nanoTime();
                leader.kill9();
                leaderAlive.set(false);
                while (leaderPid(db) != follower.pid()) {
                    Thread.sleep(50);
                }
                double recovery = (System.nanoTime() - killed) / 1e9;
                recoveries.add(recovery);
                Thread.sleep(1000);
                bursting.set(false);
                for (Thread client : clients) {
                    client.join();
                }
                System.out.printf("round %d: killed leader pid %d, pid %d leads after %.1f s; %d accepted so far%n",
                        round, leader.pid(), follower.pid(), recovery, accepted.size());
                running[leaderIndex] = (leaderIndex == 0 ? a : b).start();
            }
            RestClient user = RestClient.anonymous(running[0].port()).login(username, password);
            FaultOutcome outcome = FaultOutcome.follow(user, username, accepted, bench.marks);
            for (GantryProcess gantry : running) {
                gantry.close();
            }
            return outcome.row("two instances, kill -9 of the leader", rounds, recoveries, other5xx.get());
        }
    }

    private static long leaderPid(Connection db) throws Exception {
        try (Statement sql = db.createStatement();
             ResultSet row = sql.executeQuery("select holder from runtime_leader where id = 1")) {
            row.next();
            String holder = row.getString(1);
            return holder == null ? -1 : Long.parseLong(holder.split(" ")[3]);
        }
    }
}
