package org.gantry.base.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import org.gantry.GantryApplication;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.core.context.SecurityContextHolder;

/** Both ways Gantry finds its database: embedded in the data directory, or external by URL. */
class DatabaseIT {

    @AfterEach
    void clearAuth() {
        SecurityContextHolder.clearContext();
    }

    @Test
    void a_restart_keeps_accounts_in_the_embedded_database(@TempDir Path dataDir) {
        try (ConfigurableApplicationContext first = start("--gantry.data-dir=" + dataDir)) {
            actAsAdmin();
            first.getBean(UserService.class).create("bob", "bob-password", Role.USER, "", List.of("default"));
        }
        try (ConfigurableApplicationContext second = start("--gantry.data-dir=" + dataDir)) {
            assertThat(second.getBean(UserService.class).find("bob")).isPresent();
            assertThat(second.getBean(UserService.class).find("admin")).isPresent();
        }
    }

    @Test
    void an_external_database_given_by_url_is_migrated_and_used(@TempDir Path dataDir) throws Exception {
        // A separate PostgreSQL server, as an operator would run one.
        try (EmbeddedPostgres external = EmbeddedPostgres.builder().start()) {
            String url = "jdbc:postgresql://localhost:" + external.getPort() + "/postgres";
            try (ConfigurableApplicationContext app = start("--gantry.data-dir=" + dataDir,
                    "--GANTRY_DB_URL=" + url, "--GANTRY_DB_USER=postgres")) {
                assertThat(app.getBean(UserService.class).find("admin")).isPresent();
            }
            try (Connection c = external.getPostgresDatabase().getConnection();
                 ResultSet rs = c.createStatement().executeQuery(
                         "select count(*) from flyway_schema_history where success")) {
                rs.next();
                assertThat(rs.getInt(1)).isGreaterThanOrEqualTo(2);
            }
            assertThat(dataDir.resolve("postgres")).doesNotExist();
        }
    }

    private static ConfigurableApplicationContext start(String... args) {
        String[] all = new String[args.length + 1];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--server.port=0";
        return new SpringApplicationBuilder(GantryApplication.class).run(all);
    }

    private static void actAsAdmin() {
        SecurityContextHolder.getContext().setAuthentication(UsernamePasswordAuthenticationToken.authenticated(
                "admin", null, AuthorityUtils.createAuthorityList(Role.ADMIN.authorities())));
    }
}
