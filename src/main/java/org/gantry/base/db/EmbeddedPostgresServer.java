package org.gantry.base.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gantry's embedded PostgreSQL server, kept running: a watcher notices when the postmaster
 * dies (killed, crashed, stopped by hand) and starts a new one on the same data directory and
 * port, so that the pool's URL stays right and committed data is kept (PostgreSQL replays its
 * write-ahead log on start). The watcher stops for good when the JVM begins to shut down:
 * a server that stops then stays stopped, and {@link #close()} stops the one that runs.
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
    /** Counted down once: by {@link #close()} or when the JVM begins to shut down. The watcher waits on it. */
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Thread watcher;
    private final Thread shutdownHook = new Thread(this::stopWatching, "embedded-postgres-shutdown");
    private final List<Runnable> deathListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    EmbeddedPostgresServer(Path dataDir, int port) throws IOException {
        this.dataDir = dataDir;
        this.port = port;
        this.current = start();
        this.watcher = new Thread(this::watch, "embedded-postgres-watch");
        watcher.setDaemon(true);
        watcher.start();
        try {
            Runtime.getRuntime().addShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // started while the JVM already shuts down: nobody would stop it
            close();
            throw new IOException("The JVM is shutting down; the embedded PostgreSQL was stopped again", e);
        }
    }

    private EmbeddedPostgres start() throws IOException {
        return EmbeddedPostgres.builder()
                .setDataDirectory(dataDir)
                .setCleanDataDirectory(false)
                .setPort(port)
                .setPGStartupWait(Duration.ofSeconds(60))
                // The library's own hook stopped the server at JVM exit while Spring was still
                // shutting down, and the watcher started it again; close() stops it, after the pool.
                .setRegisterShutdownHook(false)
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

    private boolean isClosed() {
        return closed.getCount() == 0;
    }

    /** Waits up to the given time unless closed; true when closed. Not interruption: that would abandon a start half-way. */
    private boolean awaitClosed(Duration time) throws InterruptedException {
        return closed.await(time.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void watch() {
        Optional<Long> pid = postmasterPid();
        while (!isClosed()) {
            try {
                if (awaitClosed(WATCH)) {
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
        for (int attempt = 1; !isClosed(); attempt++) {
            try {
                current = start();
                log.warn("Embedded PostgreSQL runs again on port {} (start attempt {})", port, attempt);
                return;
            } catch (IOException | RuntimeException e) {
                log.warn("Embedded PostgreSQL did not start (attempt {}): {}", attempt, e.getMessage());
                awaitClosed(Duration.ofSeconds(attempt < QUICK_STARTS ? 1 : 10));
            }
        }
    }

    /**
     * Stops the watcher and waits until it has stopped, so that it restarts nothing from now
     * on; a restart already under way finishes first and {@link #close()} then stops it.
     * Runs as a JVM shutdown hook too: whatever stops the server during the shutdown, it stays
     * stopped.
     */
    void stopWatching() {
        closed.countDown();
        if (Thread.currentThread() == watcher) {
            return;
        }
        boolean interrupted = false;
        while (watcher.isAlive()) {
            try {
                watcher.join();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() throws IOException {
        stopWatching();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook has run or runs now, and only stops the watcher
        }
        current.close();
    }
}
