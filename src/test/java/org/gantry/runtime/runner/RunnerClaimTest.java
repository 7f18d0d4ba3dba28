package org.gantry.runtime.runner;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunnerClaimTest {

    @Test
    void a_claim_reads_back_from_its_file_and_its_handle_id() {
        assertThat(RunnerClaim.parse("4242 987654\n")).contains(new RunnerClaim(4242, 987654));
        assertThat(RunnerClaim.fromExternalId("4242:987654")).contains(new RunnerClaim(4242, 987654));
        assertThat(new RunnerClaim(4242, 987654).externalId()).isEqualTo("4242:987654");
    }

    @Test
    void a_fence_or_a_torn_write_is_no_claim() {
        assertThat(RunnerClaim.parse("fenced\n")).isEmpty();
        assertThat(RunnerClaim.parse("4242")).isEmpty();
        assertThat(RunnerClaim.parse("")).isEmpty();
    }

    @Test
    void the_start_time_is_found_after_a_command_name_with_spaces_and_parentheses() {
        String stat = "4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 1000 10";

        assertThat(RunnerClaim.startTimeFromStat(stat)).contains(987654L);
        assertThat(RunnerClaim.stateFromStat(stat)).contains('S');
        assertThat(RunnerClaim.stateFromStat("4242 (bash) Z 1 4242")).contains('Z');
    }

    @Test
    void exit_codes_are_read_strictly() {
        assertThat(RunnerClaim.parseExitCode("137\n")).hasValue(137);
        assertThat(RunnerClaim.parseExitCode("")).isEmpty();
        assertThat(RunnerClaim.parseExitCode("not a number")).isEmpty();
    }
}
