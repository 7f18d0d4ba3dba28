package org.gantry.job.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ResubmissionTest {

    private static final Instant NOON = Instant.parse("2026-06-01T12:00:00Z");

    @Test
    void a_resubmitted_job_gets_a_time_stamped_name() {
        assertThat(Resubmission.newName("train", NOON)).isEqualTo("train-20260601-120000");
    }

    @Test
    void resubmitting_a_resubmission_replaces_its_stamp() {
        assertThat(Resubmission.newName("train-20260101-080000", NOON)).isEqualTo("train-20260601-120000");
    }

    @Test
    void only_the_top_level_name_changes() {
        String yaml = "protocolVersion: 2\nname: train\ntaskRoles:\n  worker:\n    name: keep\n";

        assertThat(Resubmission.withName(yaml, "train-2"))
                .isEqualTo("protocolVersion: 2\nname: train-2\ntaskRoles:\n  worker:\n    name: keep\n");
    }

    @Test
    void a_quoted_name_is_replaced_whole() {
        assertThat(Resubmission.withName("name: \"train\"  \ntype: job\n", "x")).isEqualTo("name: x\ntype: job\n");
    }
}
