package org.gantry.runtime.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gantry.runtime.TaskObservation.Phase;
import org.junit.jupiter.api.Test;

class SlurmJobInfoTest {

    @Test
    void a_pending_job_shows_its_reason_and_no_exit_code() {
        SlurmJobInfo job = SlurmJobInfo.parse("JobId=7 JobName=gantry.a.b.main.0.1 UserId=gantry-task(999)"
                + " JobState=PENDING Reason=Resources Dependency=(null) ExitCode=0:0 NodeList=(null)").orElseThrow();

        assertThat(job.phase()).isEqualTo(Phase.QUEUED);
        assertThat(job.describe()).isEqualTo("PENDING (Resources)");
        assertThat(job.exitCode()).isEmpty();
        assertThat(job.nodeList()).isEmpty();
    }

    @Test
    void an_ended_job_gives_its_exit_code_signal_and_nodes() {
        SlurmJobInfo job = SlurmJobInfo.parse("JobId=8 JobState=FAILED Reason=NonZeroExitCode ExitCode=3:0"
                + " Command=/home/a b/batch.sh NodeList=node[1-2]").orElseThrow();

        assertThat(job.phase()).isEqualTo(Phase.FAILED);
        assertThat(job.exitCode()).hasValue(3);
        assertThat(job.nodeList()).contains("node[1-2]");
    }

    @Test
    void slurm_states_map_to_gantry_phases() {
        assertThat(SlurmJobInfo.phase("COMPLETING")).isEqualTo(Phase.RUNNING);
        assertThat(SlurmJobInfo.phase("CANCELLED")).isEqualTo(Phase.STOPPED);
        assertThat(SlurmJobInfo.phase("OUT_OF_MEMORY")).isEqualTo(Phase.KILLED_OOM);
        assertThat(SlurmJobInfo.phase("TIMEOUT")).isEqualTo(Phase.FAILED);
        assertThat(SlurmJobInfo.phase("REQUEUED")).isEqualTo(Phase.QUEUED);
    }

    @Test
    void a_target_is_a_partition_or_a_login_node_and_a_partition() {
        assertThat(SlurmTarget.parse("debug")).isEqualTo(new SlurmTarget(java.util.Optional.empty(),
                java.util.Optional.of("debug")));
        assertThat(SlurmTarget.parse("login:gpu")).isEqualTo(new SlurmTarget(java.util.Optional.of("login"),
                java.util.Optional.of("gpu")));
        assertThat(SlurmTarget.parse("")).isEqualTo(new SlurmTarget(java.util.Optional.empty(),
                java.util.Optional.empty()));
        assertThatThrownBy(() -> SlurmTarget.parse("debug; rm -rf /")).isInstanceOf(IllegalArgumentException.class);
    }
}
