package org.gantry.terminal.ssh;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.gantry.terminal.TerminalProperties;
import org.junit.jupiter.api.Test;

class GatewayIdleTimeoutTest {

    @Test
    void messages_name_the_timeout_in_the_largest_whole_unit() {
        assertThat(GatewayIdleTimeout.describe(Duration.ofHours(1))).isEqualTo("1 h");
        assertThat(GatewayIdleTimeout.describe(Duration.ofMinutes(90))).isEqualTo("90 min");
        assertThat(GatewayIdleTimeout.describe(Duration.ofSeconds(90))).isEqualTo("90 s");
        assertThat(GatewayIdleTimeout.describe(Duration.ofMillis(500))).isEqualTo("500 ms");
        assertThat(GatewayIdleTimeout.terminalMessage(Duration.ofMinutes(30)))
                .isEqualTo("Closing this terminal: no input or output for 30 min (gantry.terminal.idle-timeout)");
    }

    @Test
    void the_connection_timer_runs_after_every_terminal_has_checked_its_own() {
        TerminalProperties defaults = TerminalProperties.defaults();
        assertThat(GatewayIdleTimeout.sessionTimer(defaults))
                .isGreaterThan(defaults.idleTimeout().plus(defaults.taskCheckInterval()))
                .isLessThan(defaults.idleTimeout().plusMinutes(1));
    }
}
