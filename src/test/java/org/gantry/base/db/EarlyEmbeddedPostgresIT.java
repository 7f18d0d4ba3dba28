package org.gantry.base.db;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.DefaultBootstrapContext;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class EarlyEmbeddedPostgresIT {

    @Test
    void the_server_started_with_the_environment_is_handed_to_the_data_directory_it_was_started_for(
            @TempDir Path dataDir, @TempDir Path otherDir) throws Exception {
        new EarlyEmbeddedPostgres().onApplicationEvent(prepared(Map.of("gantry.data-dir", dataDir.toString())));

        assertThat(EarlyEmbeddedPostgres.take(EmbeddedPostgresConfiguration.postgresDir(otherDir))).isEmpty();
        EmbeddedPostgresServer pg = EarlyEmbeddedPostgres.take(EmbeddedPostgresConfiguration.postgresDir(dataDir)).orElseThrow();
        try (pg; Connection connection = java.sql.DriverManager.getConnection(pg.jdbcUrl(), "postgres", "");
                ResultSet rows = connection.createStatement().executeQuery("show data_directory")) {
            rows.next();
            assertThat(Path.of(rows.getString(1))).isEqualTo(dataDir.resolve("postgres"));
            // handed out once: a second context on the same directory starts its own
            assertThat(EarlyEmbeddedPostgres.take(EmbeddedPostgresConfiguration.postgresDir(dataDir))).isEmpty();
        }
    }

    @Test
    void nothing_starts_when_an_external_database_is_configured(@TempDir Path dataDir) {
        new EarlyEmbeddedPostgres().onApplicationEvent(prepared(Map.of("gantry.data-dir", dataDir.toString(),
                "spring.datasource.url", "jdbc:postgresql://localhost:1/gantry")));

        assertThat(EarlyEmbeddedPostgres.take(EmbeddedPostgresConfiguration.postgresDir(dataDir))).isEmpty();
        assertThat(dataDir.resolve("postgres")).doesNotExist();
    }

    private static ApplicationEnvironmentPreparedEvent prepared(Map<String, Object> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
        return new ApplicationEnvironmentPreparedEvent(new DefaultBootstrapContext(), new SpringApplication(),
                new String[0], environment);
    }
}
