package org.gantry.base.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.gantry.testsupport.GantryProcess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stopping Gantry stops its embedded PostgreSQL, and nothing starts it again during the shutdown. */
class EmbeddedPostgresShutdownIT {

    @Test
    void a_server_stopped_while_the_jvm_shuts_down_stays_stopped(@TempDir Path dir) throws Exception {
        // Bug: the library's shutdown hook stopped the server and the watcher started it again, left running after exit
        Path dataDir = dir.resolve("postgres");
        EmbeddedPostgresServer pg = EmbeddedPostgresConfiguration.startServer(dataDir);
        long postmaster = pg.postmasterPid().orElseThrow();

        pg.stopWatching();  // what the JVM's shutdown hook does first
        // fast shutdown, as a stop from outside would do while Spring still closes its context
        new ProcessBuilder("kill", "-INT", Long.toString(postmaster)).inheritIO().start().waitFor();
        awaitEnd(postmaster);
        pg.close();

        assertThat(pg.postmasterPid()).isEmpty();
        assertThat(postgresProcessesOf(dataDir)).isEmpty();
    }

    @Test
    void close_stops_the_server_and_its_processes(@TempDir Path dir) throws Exception {
        Path dataDir = dir.resolve("postgres");
        EmbeddedPostgresServer pg = EmbeddedPostgresConfiguration.startServer(dataDir);
        long postmaster = pg.postmasterPid().orElseThrow();

        pg.close();
        awaitEnd(postmaster);

        assertThat(postgresProcessesOf(dataDir)).isEmpty();
    }

    @Test
    void sigterm_stops_gantry_and_its_embedded_postgresql(@TempDir Path dir) throws Exception {
        // Bug: after SIGTERM (Ctrl-C) Gantry exited and its embedded PostgreSQL kept running
        Path data = dir.resolve("data");
        Path pgDir = data.resolve("postgres");
        long postmaster;
        try (GantryProcess gantry = GantryProcess.start(data, GantryProcess.freshLog("embedded-postgres-shutdown"),
                Map.of("gantry.runtime.enabled", "false"))) {
            postmaster = EmbeddedPostgresServer.postmasterPid(pgDir).orElseThrow();
            new ProcessBuilder("kill", "-TERM", Long.toString(gantry.pid())).inheritIO().start().waitFor();
            assertThat(gantry.awaitExit(Duration.ofMinutes(2))).isIn(0, 143);
        }

        assertThat(EmbeddedPostgresServer.isAlive(postmaster)).isFalse();
        assertThat(postgresProcessesOf(pgDir)).isEmpty();
    }

    /** Processes whose command line names the data directory (the postmaster is started with -D DIR). */
    private static List<Long> postgresProcessesOf(Path dataDir) throws IOException {
        String needle = dataDir.toString();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            return procs.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit))
                    .filter(p -> {
                        try {
                            return new String(Files.readAllBytes(p.resolve("cmdline"))).replace('\0', ' ')
                                    .contains(needle);
                        } catch (IOException e) {
                            return false;  // ended meanwhile
                        }
                    })
                    .map(p -> Long.parseLong(p.getFileName().toString()))
                    .filter(EmbeddedPostgresServer::isAlive)
                    .toList();
        }
    }

    /** Waits for a stopped postmaster to finish exiting (it removes its pid file just before). */
    private static void awaitEnd(long pid) throws InterruptedException {
        for (int i = 0; i < 600 && EmbeddedPostgresServer.isAlive(pid); i++) {
            Thread.sleep(100);
        }
        assertThat(EmbeddedPostgresServer.isAlive(pid)).as("postmaster %d ended", pid).isFalse();
    }
}
