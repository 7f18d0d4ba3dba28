package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliDirectoryTest {

    // the CLI wrote under the account's real home, beside the server's data, whatever $HOME said
    @Test
    void home_is_taken_from_the_environment_not_from_the_account() {
        assertThat(CliDirectory.resolve(Map.of("HOME", "/some/dir"), "/root"))
                .isEqualTo(Path.of("/some/dir/.config/gantry"));
    }

    @Test
    void gantry_config_names_the_directory_itself() {
        assertThat(CliDirectory.resolve(Map.of("HOME", "/some/dir", "GANTRY_CONFIG", "/etc/gantry-cli"), "/root"))
                .isEqualTo(Path.of("/etc/gantry-cli"));
    }

    @Test
    void xdg_config_home_is_honoured_when_gantry_config_is_not_set() {
        assertThat(CliDirectory.resolve(Map.of("HOME", "/some/dir", "XDG_CONFIG_HOME", "/cfg"), "/root"))
                .isEqualTo(Path.of("/cfg/gantry"));
    }

    @Test
    void without_home_the_accounts_home_is_used_and_never_the_servers_data_folder() {
        Path dir = CliDirectory.resolve(Map.of(), "/home/alice");
        assertThat(dir).isEqualTo(Path.of("/home/alice/.config/gantry"));
        assertThat(dir.startsWith(Path.of("/home/alice/.gantry"))).isFalse();
    }

    @Test
    void a_gantry_config_inside_the_servers_data_is_refused_with_what_to_do() {
        assertThatThrownBy(() -> CliDirectory.resolve(Map.of("GANTRY_CONFIG", "/home/alice/.gantry/data/cli"),
                "/home/alice"))
                .isInstanceOf(CliException.class)
                .hasMessageContaining("shares a folder with the server's data")
                .hasMessageContaining("/home/alice/.config/gantry");
        assertThatThrownBy(() -> CliDirectory.resolve(Map.of("GANTRY_CONFIG", "/srv/data",
                "GANTRY_DATA_DIR", "/srv/data"), "/home/alice")).isInstanceOf(CliException.class);
    }

    @Test
    void the_files_of_the_old_location_move_and_the_servers_data_stays(@TempDir Path home) throws IOException {
        Path old = home.resolve(".gantry");
        Files.createDirectories(old.resolve("data"));
        Files.writeString(old.resolve("data").resolve("pg.conf"), "server");
        for (String name : CliDirectory.FILES) {
            Files.writeString(old.resolve(name), name);
        }
        Path now = CliDirectory.resolve(Map.of("HOME", home.toString()), "/root");

        assertThat(CliDirectory.migrate(CliDirectory.legacy(Map.of("HOME", home.toString()), "/root"), now))
                .hasValueSatisfying(message -> assertThat(message).contains(old.toString(), now.toString()));

        for (String name : CliDirectory.FILES) {
            assertThat(now.resolve(name)).hasContent(name);
            assertThat(old.resolve(name)).doesNotExist();
        }
        assertThat(old.resolve("data").resolve("pg.conf")).hasContent("server");
    }

    @Test
    void nothing_moves_once_the_new_location_has_a_sign_in(@TempDir Path home) throws IOException {
        Path old = Files.createDirectories(home.resolve(".gantry"));
        Path now = Files.createDirectories(home.resolve(".config/gantry"));
        Files.writeString(old.resolve("cli.json"), "old");
        Files.writeString(now.resolve("cli.json"), "new");

        assertThat(CliDirectory.migrate(old, now)).isEmpty();
        assertThat(now.resolve("cli.json")).hasContent("new");
        assertThat(old.resolve("cli.json")).hasContent("old");
    }
}
