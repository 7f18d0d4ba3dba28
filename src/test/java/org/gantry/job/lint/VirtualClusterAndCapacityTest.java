package org.gantry.job.lint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gantry.job.lint.LintJobs.job;
import static org.gantry.job.lint.LintJobs.lint;
import static org.gantry.job.lint.LintJobs.none;
import static org.gantry.job.lint.LintJobs.only;
import static org.gantry.job.lint.LintJobs.underlined;

import java.util.Map;
import java.util.Set;
import org.gantry.job.lint.Finding.Severity;
import org.gantry.job.lint.LintContext.Quota;
import org.gantry.job.protocol.TaskLimits;
import org.junit.jupiter.api.Test;

class VirtualClusterAndCapacityTest {

    private static final LintContext ALICE = LintContext.of(Set.of(),
            Map.of("default", Quota.UNLIMITED, "gpu", Quota.UNLIMITED, "vip", Quota.UNLIMITED))
            .withUsableVirtualClusters(Set.of("default", "gpu"));

    private static String inCluster(String yaml, String cluster) {
        return yaml + "defaults:\n  virtualCluster: " + cluster + "\n";
    }

    @Test
    void a_virtual_cluster_that_does_not_exist_is_reported_with_the_usable_ones() {
        // Bug: lint was silent about defaults.virtualCluster; the submission then failed with NoVirtualClusterError.
        String yaml = inCluster(job("python train.py"), "gpus");
        Finding f = only(lint(yaml, ALICE), VirtualClusterRule.UNKNOWN);
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(underlined(yaml, f)).isEqualTo("gpus");
        assertThat(f.message()).contains("`gpus` does not exist", "you may use default, gpu");
    }

    @Test
    void a_virtual_cluster_the_author_may_not_use_is_reported() {
        Finding f = only(lint(inCluster(job("python train.py"), "vip"), ALICE), VirtualClusterRule.FORBIDDEN);
        assertThat(f.message()).contains("may not submit to virtual cluster `vip`", "you may use default, gpu");
    }

    @Test
    void a_usable_cluster_or_an_unknown_author_is_fine() {
        none(lint(inCluster(job("python train.py"), "gpu"), ALICE), VirtualClusterRule.UNKNOWN);
        none(lint(job("python train.py"), ALICE), VirtualClusterRule.UNKNOWN);
        none(lint(inCluster(job("python train.py"), "gpus")), VirtualClusterRule.UNKNOWN);
    }

    @Test
    void without_defaults_the_default_cluster_must_be_usable() {
        LintContext bob = LintContext.of(Set.of(), Map.of("default", Quota.UNLIMITED, "gpu", Quota.UNLIMITED))
                .withUsableVirtualClusters(Set.of("gpu"));
        Finding f = only(lint(job("python train.py"), bob), VirtualClusterRule.FORBIDDEN);
        assertThat(f.message()).contains("runs in `default`", "you may use gpu");
    }

    @Test
    void a_gpu_where_no_node_has_one_is_an_error_on_the_gpu_field() {
        // Bug: a job asking for a gpu no node has waited for ever ("it can never start here").
        String yaml = job("python train.py");
        LintContext context = ALICE.withCapacities(Map.of("default", new NodeCapacity("local", 8, 32768, 0, true)));
        Finding f = only(lint(yaml, context), QuotaRule.CAPACITY_CODE);
        assertThat(underlined(yaml, f)).isEqualTo("1");
        assertThat(f.message()).contains("a task of train needs 1 gpu", "largest node", "has 0",
                "not available");
    }

    @Test
    void tasks_that_start_together_on_one_node_must_fit_it_together() {
        String yaml = job("python train.py").replace("instances: 1", "instances: 3")
                .replace("{cpu: 4, memoryMB: 16384, gpu: 1}", "{cpu: 1, memoryMB: 512}");
        Finding f = only(lint(yaml, ALICE.withCapacities(Map.of("default", new NodeCapacity("local", 2, 4096, 0,
                true)))), QuotaRule.CAPACITY_CODE);
        assertThat(f.message()).contains("3 cpu at once (train: 3 × 1)", "has 2");
        none(lint(yaml, ALICE.withCapacities(Map.of("default", new NodeCapacity("slurm:batch", 2, 4096, 0, false)))),
                QuotaRule.CAPACITY_CODE);
    }

    @Test
    void too_many_instances_are_an_error_on_instances() {
        // Bug: `instances: 100000` was accepted.
        String yaml = job("python train.py").replace("instances: 1", "instances: 100000");
        Finding f = only(lint(yaml, ALICE), "too-many-instances");
        assertThat(underlined(yaml, f)).isEqualTo("100000");
        assertThat(f.message()).contains("at most " + TaskLimits.DEFAULT_PER_ROLE);
        none(lint(yaml, ALICE.withTaskLimits(new TaskLimits(100_000, 100_000))), "too-many-instances");
    }
}
