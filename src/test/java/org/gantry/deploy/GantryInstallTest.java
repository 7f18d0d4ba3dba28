package org.gantry.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The texts the deploy writes on a system machine: the systemd unit (this machine has no
 * systemd to run it), docker compose's PostgreSQL (no docker here), the environment file.
 * The background process without systemd runs for real in AdminDeployInstallIT.
 */
class GantryInstallTest {

    private static Inventory.Gantry gantry(Optional<Inventory.Database> database) {
        return new Inventory.Gantry("http://10.0.0.1:8081", "admin", Optional.empty(), "/opt/gantry", Optional.empty(),
                database, "/usr/bin/java", "-Xmx2g");
    }

    @Test
    void the_systemd_unit_runs_the_jar_as_the_login_with_its_environment_and_restarts_it_when_it_fails() {
        GantryInstall install = new GantryInstall(gantry(Optional.empty()), "gantry", false);

        assertThat(install.systemdUnit()).contains(
                "[Unit]\nDescription=Gantry research job platform\nAfter=network-online.target\n",
                "\n[Service]\nUser=gantry\nWorkingDirectory=/opt/gantry\nEnvironmentFile=/opt/gantry/gantry.env\n"
                        + "EnvironmentFile=-/opt/gantry/.env\n",
                "\nExecStart=/usr/bin/java $JAVA_OPTS -jar /opt/gantry/gantry.jar\nRestart=on-failure\n",
                "\nSuccessExitStatus=143\n",
                "\nStandardOutput=append:/opt/gantry/gantry.log\n",
                "\n[Install]\nWantedBy=multi-user.target\n");
        assertThat(install.installUnitCommand()).isEqualTo("sudo -n install -m 644 '/opt/gantry/gantry.service'"
                + " /etc/systemd/system/gantry.service && sudo -n systemctl daemon-reload && sudo -n systemctl enable"
                + " gantry.service");
        assertThat(install.startCommand(true, false)).isEqualTo("sudo -n systemctl start gantry.service");
        assertThat(new GantryInstall(gantry(Optional.empty()), "root", false).startCommand(true, true))
                .isEqualTo("systemctl restart gantry.service");
        assertThat(install.startCommand(false, true))
                .isEqualTo("'/opt/gantry/gantry-stop.sh' && '/opt/gantry/gantry-start.sh'");
    }

    @Test
    void with_docker_postgresql_comes_from_the_repositorys_compose_file_published_on_loopback() {
        GantryInstall install = new GantryInstall(gantry(Optional.empty()), "gantry", true);

        assertThat(install.database()).isEqualTo(GantryInstall.DatabaseKind.DOCKER);
        assertThat(install.systemdUnit()).contains("After=network-online.target docker.service\n");
        assertThat(GantryInstall.composeFile()).contains("services:\n  db:\n    image: postgres:16");
        assertThat(GantryInstall.dockerPortOverride()).contains("  db:\n    ports:\n      - \"127.0.0.1:5432:5432\"");
        assertThat(install.dockerDatabaseCommands()).containsExactly(
                "cd '/opt/gantry' && { [ -f .env ] || (umask 077; printf 'GANTRY_DB_PASSWORD=%s\\n'"
                        + " \"$(head -c 24 /dev/urandom | base64 | tr -dc A-Za-z0-9)\" > .env); }",
                "cd '/opt/gantry' && docker compose -f docker-compose.yml -f docker-compose.db-port.yml up -d --wait db");
        assertThat(install.env("", "")).contains("GANTRY_DB_URL=jdbc:postgresql://127.0.0.1:5432/gantry\n",
                "GANTRY_DB_USER=gantry\n").doesNotContain("GANTRY_DB_PASSWORD");
    }

    @Test
    void the_environment_names_the_port_the_data_directory_and_a_system_postgresql() {
        Inventory.Database database = new Inventory.Database("jdbc:postgresql://10.0.0.5:5432/gantry", "gantry",
                Path.of("/dev/null"));
        GantryInstall install = new GantryInstall(gantry(Optional.of(database)), "gantry", true);

        assertThat(install.database()).isEqualTo(GantryInstall.DatabaseKind.SYSTEM);
        assertThat(install.env("first admin pw", "db-pw")).isEqualTo("""
                # Written by gantry admin deploy; a change here is applied by the next deploy run (restart).
                GANTRY_PORT=8081
                GANTRY_DATA_DIR=/opt/gantry/data
                JAVA_OPTS='-Djava.io.tmpdir=/opt/gantry/tmp -Xmx2g'
                GANTRY_ADMIN_PASSWORD='first admin pw'
                GANTRY_DB_URL=jdbc:postgresql://10.0.0.5:5432/gantry
                GANTRY_DB_USER=gantry
                GANTRY_DB_PASSWORD=db-pw
                """);
        assertThatThrownBy(() -> install.env("it's", "")).hasMessageContaining("single quote")
                .hasMessageNotContaining("it's");
        assertThat(new GantryInstall(gantry(Optional.empty()), "gantry", false).databaseSummary())
                .isEqualTo("embedded PostgreSQL under /opt/gantry/data/postgres");
    }
}
