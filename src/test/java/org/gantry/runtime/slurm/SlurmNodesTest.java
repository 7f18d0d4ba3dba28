package org.gantry.runtime.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.gantry.runtime.Resources;
import org.junit.jupiter.api.Test;

class SlurmNodesTest {

    @Test
    void each_dimension_is_the_largest_of_the_nodes_that_take_jobs() {
        String sinfo = """
                8 64000 (null) idle
                4 128000 gpu:tesla:2(S:0-1) mix
                64 512000 gpu:8 down*
                32 256000 (null) drain
                16 32000 gpu:a100:1,gpu:v100:2 alloc~
                """;
        assertThat(SlurmNodes.largest(sinfo)).isEqualTo(new Resources(16, 128000, 3));
    }

    @Test
    void no_node_up_is_no_capacity() {
        assertThat(SlurmNodes.largest("2 2048 (null) down\n")).isEqualTo(Resources.NONE);
        assertThat(SlurmNodes.largest("")).isEqualTo(Resources.NONE);
    }
}
