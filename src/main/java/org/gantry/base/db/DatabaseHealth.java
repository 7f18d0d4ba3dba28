package org.gantry.base.db;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Whether the database answers, as the whole of Gantry sees it: REST answers 503 while it does
 * not, the portal shows a banner, the reconciler waits. An outage is noticed by whoever meets
 * it first ({@link #failed}) or by the probe, which checks every {@link #UP_PROBE} through the
 * pool and, while the database is unreachable, every {@link #DOWN_PROBE} with a connection of
 * its own (the pool would make it wait for its whole connection timeout).
 */
@Component
public class DatabaseHealth implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(DatabaseHealth.class);
    static final Duration UP_PROBE = Duration.ofSeconds(5);
    static final Duration DOWN_PROBE = Duration.ofSeconds(1);
    /** What a client is told to wait before trying again. */
    public static final int RETRY_AFTER_SECONDS = 5;

    private final DataSource dataSource;
    private final List<Consumer<Boolean>> listeners = new CopyOnWriteArrayList<>();
    private final Object lock = new Object();
    private volatile boolean available = true;
    private volatile Thread prober;

    public DatabaseHealth(DataSource dataSource, ObjectProvider<EmbeddedPostgresServer> embedded) {
        this.dataSource = dataSource;
        // the embedded server's death is known at once, before any request or probe meets it
        embedded.ifAvailable(server -> server.onDeath(() -> set(false, null)));
    }

    /** Whether the database answered at the last probe and nothing failed to reach it since. */
    public boolean isAvailable() {
        return available;
    }

    /**
     * Records a failure met while using the database; returns whether it was an outage
     * ({@link DatabaseOutage#isCause}), in which case the database counts as unreachable until
     * a probe reaches it again.
     */
    public boolean failed(Throwable failure) {
        if (!DatabaseOutage.isCause(failure)) {
            return false;
        }
        set(false, failure);
        return true;
    }

    /** Calls the listener with {@code true} when the database comes back and {@code false} when it goes away. */
    public Runnable addListener(Consumer<Boolean> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Waits until the database is reachable again, at most for the given time; returns whether it is. */
    public boolean awaitAvailable(Duration timeout) throws InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        synchronized (lock) {
            while (!available) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                lock.wait(Math.max(1, left / 1_000_000));
            }
        }
        return true;
    }

    private void set(boolean now, Throwable cause) {
        boolean changed;
        synchronized (lock) {
            changed = available != now;
            available = now;
            lock.notifyAll();
        }
        if (!changed) {
            return;
        }
        if (now) {
            log.warn("The database answers again");
        } else {
            log.warn("The database is unreachable; retrying every {} s: {}", DOWN_PROBE.toSeconds(),
                    cause == null ? "the server is gone" : rootMessage(cause));
        }
        for (Consumer<Boolean> listener : listeners) {
            try {
                listener.accept(now);
            } catch (RuntimeException e) {
                log.warn("A database health listener failed", e);
            }
        }
    }

    private void probeLoop() {
        while (prober == Thread.currentThread()) {
            try {
                Thread.sleep((available ? UP_PROBE : DOWN_PROBE).toMillis());
                boolean up = available ? probePool() : probeDirect();
                set(up, null);
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                log.warn("Database probe failed", e);
            }
        }
    }

    private boolean probePool() {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(2);
        } catch (SQLException e) {
            return !DatabaseOutage.isCause(e);
        }
    }

    /** A connection of its own, with short timeouts, when the pool's connections are gone. */
    private boolean probeDirect() {
        if (!(dataSource instanceof HikariDataSource hikari) || hikari.getJdbcUrl() == null) {
            return probePool();
        }
        Properties properties = new Properties();
        if (hikari.getUsername() != null) {
            properties.setProperty("user", hikari.getUsername());
        }
        if (hikari.getPassword() != null) {
            properties.setProperty("password", hikari.getPassword());
        }
        properties.setProperty("connectTimeout", "2");
        properties.setProperty("socketTimeout", "5");
        try (Connection c = DriverManager.getConnection(hikari.getJdbcUrl(), properties)) {
            return c.isValid(2) && probePool();
        } catch (SQLException e) {
            return false;
        }
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }

    @Override
    public void start() {
        Thread thread = new Thread(this::probeLoop, "database-probe");
        thread.setDaemon(true);
        prober = thread;
        thread.start();
    }

    @Override
    public void stop() {
        Thread running = prober;
        prober = null;
        if (running != null) {
            running.interrupt();
        }
    }

    @Override
    public boolean isRunning() {
        return prober != null;
    }
}
