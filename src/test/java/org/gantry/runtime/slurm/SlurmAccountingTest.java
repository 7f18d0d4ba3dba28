package org.gantry.runtime.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.gantry.runtime.MeasuredUse;
import org.junit.jupiter.api.Test;

class SlurmAccountingTest {

    @Test
    void the_peak_is_the_largest_steps_maxrss_and_the_cpu_time_the_allocations() {
        MeasuredUse used = SlurmAccounting.parse("|00:03.500\n2048K|00:00.100\n104860K|00:03.400\n");

        assertThat(used.peakMemoryMb()).hasValue(103L);  // 104,860 KiB rounded up to MiB
        assertThat(used.cpuTimeMs()).hasValue(3_500L);
    }

    @Test
    void total_cpu_reads_days_hours_minutes_and_seconds() {
        assertThat(SlurmAccounting.millis("1-02:03:04")).hasValue(((26 * 60 + 3) * 60 + 4) * 1000L);
        assertThat(SlurmAccounting.millis("12:34.5")).hasValue((12 * 60 + 34) * 1000L + 500);
        assertThat(SlurmAccounting.millis("")).isEmpty();
        assertThat(SlurmAccounting.bytes("1.5G")).hasValue(3L << 29);
        assertThat(SlurmAccounting.bytes("")).isEmpty();
    }

    @Test
    void nothing_known_gives_no_figures() {
        assertThat(SlurmAccounting.parse("")).isEqualTo(MeasuredUse.NONE);
    }

    @Test
    void bash_times_gives_the_childrens_user_plus_system_time() {
        assertThat(MeasuredUse.cpuMillisFromTimes("0m0.001s 0m0.002s\n1m2.250s 0m0.015s\n")).hasValue(62_265L);
        assertThat(MeasuredUse.cpuMillisFromTimes("0m0.001s 0m0.002s\n")).isEqualTo(Optional.empty());
    }
}
