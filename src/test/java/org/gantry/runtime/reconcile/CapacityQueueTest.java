package org.gantry.runtime.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.gantry.runtime.Resources;
import org.gantry.runtime.reconcile.CapacityQueue.Decision;
import org.gantry.runtime.reconcile.CapacityQueue.Demand;
import org.junit.jupiter.api.Test;

class CapacityQueueTest {

    private static final Map<String, Resources> NODE = Map.of("local", new Resources(4, 8192, 0));

    @Test
    void jobs_start_in_order_while_the_node_has_room() {
        Decision decision = CapacityQueue.decide(List.of(job(1, 2), job(2, 2), job(3, 1)), NODE,
                Map.of(), Map.of(), Map.of());

        assertThat(decision.admitted()).containsExactlyInAnyOrder(1L, 2L);
        assertThat(decision.waitReasons()).containsOnlyKeys(3L);
    }

    @Test
    void a_waiting_job_says_what_it_needs_and_where_it_stands() {
        Decision decision = CapacityQueue.decide(List.of(job(1, 4), job(2, 1), job(3, 1)), NODE,
                Map.of("local", new Resources(3, 1024, 0)), Map.of(), Map.of());

        assertThat(decision.admitted()).isEmpty();
        assertThat(decision.waitReasons()).containsEntry(1L, "needs 4 cpu, 1 free; position 1 in queue")
                .containsEntry(2L, "position 2 in queue")
                .containsEntry(3L, "position 3 in queue");
    }

    @Test
    void far_back_in_a_long_queue_the_reason_does_not_change_as_the_queue_advances() {
        List<Demand> queue = new java.util.ArrayList<>();
        for (int i = 1; i <= CapacityQueue.EXACT_POSITIONS + 50; i++) {
            queue.add(job(i, 4));
        }
        Decision full = CapacityQueue.decide(queue, NODE, Map.of("local", new Resources(4, 1024, 0)), Map.of(),
                Map.of());
        Decision advanced = CapacityQueue.decide(queue.subList(1, queue.size()), NODE,
                Map.of("local", new Resources(4, 1024, 0)), Map.of(), Map.of());

        assertThat(full.waitReasons().get((long) CapacityQueue.EXACT_POSITIONS)).isEqualTo("position 100 in queue");
        assertThat(full.waitReasons().get(130L)).isEqualTo("position over 100 in queue")
                .isEqualTo(advanced.waitReasons().get(130L));
        assertThat(advanced.waitReasons().get(101L)).isEqualTo("position 100 in queue");
    }

    @Test
    void a_job_bigger_than_the_node_waits_without_blocking_the_others() {
        Decision decision = CapacityQueue.decide(List.of(job(1, 8), job(2, 1)), NODE, Map.of(), Map.of(), Map.of());

        assertThat(decision.admitted()).containsExactly(2L);
        assertThat(decision.waitReasons().get(1L)).isEqualTo("needs 8 cpu, 4 free of the node's total; it can never start here");
    }

    @Test
    void a_virtual_cluster_quota_holds_its_own_jobs_only() {
        List<Demand> waiting = List.of(new Demand(1, "small", "local", new Resources(2, 512, 0)),
                new Demand(2, "small", "local", new Resources(1, 512, 0)),
                new Demand(3, "big", "local", new Resources(1, 512, 0)));

        Decision decision = CapacityQueue.decide(waiting, NODE, Map.of(),
                Map.of("small", new Resources(2, Integer.MAX_VALUE, Integer.MAX_VALUE)),
                Map.of("small", new Resources(1, 0, 0)));

        assertThat(decision.admitted()).containsExactly(3L);
        assertThat(decision.waitReasons()).containsEntry(1L, "virtual cluster small quota: needs 2 cpu, 1 free")
                .containsEntry(2L, "behind earlier jobs of virtual cluster small");
    }

    @Test
    void pools_without_capacity_admit_by_quota_alone() {
        Decision decision = CapacityQueue.decide(List.of(new Demand(1, "vc", "slurm:debug", new Resources(64, 1, 0))),
                NODE, Map.of(), Map.of(), Map.of());

        assertThat(decision.admitted()).containsExactly(1L);
    }

    @Test
    void a_waiting_task_speaks_of_what_it_needs_itself() {
        // Bug: every task of a 500-task job waited with the job's "needs 501 cpu".
        Demand big = new Demand(1, "default", "local", new Resources(3, 768, 0), 3);
        Decision decision = CapacityQueue.decide(List.of(big), NODE, Map.of("local", new Resources(2, 512, 0)),
                Map.of(), Map.of());

        assertThat(decision.waitReasons().get(1L)).isEqualTo("needs 3 cpu, 2 free; position 1 in queue");
        assertThat(decision.taskReason(1, new Resources(1, 256, 0))).isEqualTo("needs 1 cpu, 2 of 4 free"
                + " (its job's 3 waiting tasks start together and need 3 cpu, 768 MB memory); position 1 in queue");
    }

    @Test
    void a_task_of_a_job_that_can_never_fit_says_so_with_its_own_need() {
        Demand huge = new Demand(1, "default", "local", new Resources(500, 500 * 256, 0), 500);
        Decision decision = CapacityQueue.decide(List.of(huge), NODE, Map.of(), Map.of(), Map.of());

        assertThat(decision.taskReason(1, new Resources(1, 256, 0))).isEqualTo("needs 1 cpu of the node's 4;"
                + " 256 MB memory of the node's 8192 (its job's 500 waiting tasks start together and need 500 cpu,"
                + " 128000 MB memory); it can never start here");
    }

    @Test
    void a_task_waiting_for_its_quota_tells_the_quota() {
        Demand two = new Demand(1, "small", "local", new Resources(2, 512, 0), 2);
        Decision decision = CapacityQueue.decide(List.of(two), NODE, Map.of(),
                Map.of("small", new Resources(1, Integer.MAX_VALUE, Integer.MAX_VALUE)), Map.of());

        assertThat(decision.taskReason(1, new Resources(1, 256, 0))).isEqualTo("virtual cluster small quota:"
                + " needs 1 cpu, 1 of 1 free (its job's 2 waiting tasks start together and need 2 cpu, 512 MB memory)");
    }

    private static Demand job(long id, int cpu) {
        return new Demand(id, "default", "local", new Resources(cpu, 256, 0));
    }
}
