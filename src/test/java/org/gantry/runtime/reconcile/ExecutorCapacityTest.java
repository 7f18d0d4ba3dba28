package org.gantry.runtime.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.gantry.job.lint.NodeCapacity;
import org.gantry.runtime.ExecutorRegistry;
import org.gantry.runtime.Resources;
import org.gantry.security.VirtualCluster;
import org.junit.jupiter.api.Test;

class ExecutorCapacityTest {

    private static final Resources NODE = new Resources(2, 4096, 0);

    @Test
    void the_local_node_is_its_configured_capacity_and_runs_a_job_at_once() {
        assertThat(capacity(false).largestNode(cluster("local")))
                .contains(new NodeCapacity("local", 2, 4096, 0, true));
    }

    @Test
    void queueing_beyond_capacity_refuses_nothing() {
        assertThat(capacity(true).largestNode(cluster("local"))).isEmpty();
    }

    @Test
    void an_executor_that_cannot_tell_its_nodes_refuses_nothing() {
        assertThat(capacity(false).largestNode(cluster("ssh"))).isEmpty();
    }

    private static ExecutorCapacity capacity(boolean queueBeyond) {
        return new ExecutorCapacity(new ExecutorRegistry(List.of()), NODE, queueBeyond);
    }

    private static VirtualCluster cluster(String executor) {
        VirtualCluster cluster = new VirtualCluster("vc", "");
        cluster.setExecutor(executor);
        return cluster;
    }
}
