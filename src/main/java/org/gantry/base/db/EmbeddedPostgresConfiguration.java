package org.gantry.base.db;

import com.zaxxer.hikari.HikariDataSource;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.gantry.base.GantryProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.jdbc.DataSourceBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * Starts a real PostgreSQL server inside Gantry's data directory when no external database
 * is configured, so that a fresh machine needs nothing installed and a restart keeps data.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(NoExternalDatabaseCondition.class)
public class EmbeddedPostgresConfiguration {

    private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresConfiguration.class);
    /** The same as {@code spring.datasource.hikari.connection-timeout} for an external database. */
    static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(5);

    @Bean(destroyMethod = "close")
    EmbeddedPostgresServer embeddedPostgres(GantryProperties properties) throws IOException {
        Path dataDir = postgresDir(properties.dataDir());
        Optional<EmbeddedPostgresServer> early = EarlyEmbeddedPostgres.take(dataDir);
        return early.isPresent() ? early.get() : startServer(dataDir);
    }

    /** Where the server of Gantry's data directory keeps its files ({@code null}: the default data directory). */
    static Path postgresDir(Path gantryDataDir) {
        return new GantryProperties(gantryDataDir, false, null).dataDir().resolve("postgres");
    }

    static EmbeddedPostgresServer startServer(Path dataDir) throws IOException {
        Files.createDirectories(dataDir.getParent());
        stopOrphanedServer(dataDir);
        EmbeddedPostgresServer pg = new EmbeddedPostgresServer(dataDir, freePort());
        log.info("Embedded PostgreSQL on port {} keeps its data in {}", pg.port(), dataDir);
        return pg;
    }

    /**
     * A pool over the embedded server: the library's own data source opens a new
     * connection (a new server process) for every transaction, which made each REST call
     * pay for several connection starts. A caller waits at most {@link #CONNECTION_TIMEOUT}
     * for a connection, so that an outage is answered with a 503 soon rather than after 30 s.
     */
    @Bean
    DataSource dataSource(EmbeddedPostgresServer pg) {
        HikariDataSource pool = DataSourceBuilder.create().type(HikariDataSource.class)
                .url(pg.jdbcUrl()).username("postgres").build();
        pool.setConnectionTimeout(CONNECTION_TIMEOUT.toMillis());
        return pool;
    }

    /**
     * A Gantry killed with SIGKILL leaves its PostgreSQL running and holding the data
     * directory; stop it (fast shutdown keeps committed data) before starting a new one.
     */
    static void stopOrphanedServer(Path dataDir) throws IOException {
        Path pidFile = dataDir.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        List<String> lines = Files.readAllLines(pidFile);
        Optional<ProcessHandle> server = lines.isEmpty() ? Optional.empty()
                : parsePid(lines.get(0)).flatMap(ProcessHandle::of);
        if (server.isEmpty() || !server.get().isAlive()) {
            return;
        }
        log.warn("Stopping PostgreSQL (pid {}) left running by a previous Gantry", server.get().pid());
        try {
            new ProcessBuilder("kill", "-INT", Long.toString(server.get().pid())).inheritIO().start().waitFor();
            server.get().onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IOException("Could not stop the PostgreSQL server left in " + dataDir, e);
        }
    }

    private static Optional<Long> parsePid(String line) {
        try {
            return Optional.of(Long.parseLong(line.trim()));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
