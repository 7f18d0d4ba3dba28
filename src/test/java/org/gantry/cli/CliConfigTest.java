package org.gantry.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CliConfigTest {

    @Test
    void the_same_server_may_be_written_with_another_case_of_host_or_a_trailing_slash() {
        assertThat(CliConfig.sameServer("http://Gantry:8080/", "http://gantry:8080")).isTrue();
        assertThat(CliConfig.sameServer("https://gantry.example/portal/", "HTTPS://gantry.example/portal")).isTrue();
    }

    @Test
    void another_port_scheme_host_or_path_is_another_server() {
        assertThat(CliConfig.sameServer("http://gantry:8080", "http://gantry:8081")).isFalse();
        assertThat(CliConfig.sameServer("http://gantry:8080", "https://gantry:8080")).isFalse();
        assertThat(CliConfig.sameServer("http://gantry:8080", "http://gantry.evil:8080")).isFalse();
        assertThat(CliConfig.sameServer("http://gantry/Portal", "http://gantry/portal")).isFalse();
    }
}
