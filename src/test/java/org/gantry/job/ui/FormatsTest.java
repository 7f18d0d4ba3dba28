package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class FormatsTest {

    @Test
    void step_durations_read_in_tenths_of_seconds_under_a_minute_and_in_minutes_above() {
        assertThat(Formats.stepDuration(Duration.ofMillis(3249))).isEqualTo("3.2 s");
        assertThat(Formats.stepDuration(Duration.ofMillis(40))).isEqualTo("0.0 s");
        assertThat(Formats.stepDuration(Duration.ofMillis(59_940))).isEqualTo("59.9 s");
        assertThat(Formats.stepDuration(Duration.ofMillis(59_960))).isEqualTo("1m 00s");
        assertThat(Formats.stepDuration(Duration.ofSeconds(125))).isEqualTo("2m 05s");
    }
}
