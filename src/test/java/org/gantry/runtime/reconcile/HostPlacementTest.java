package org.gantry.runtime.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.gantry.runtime.Resources;
import org.junit.jupiter.api.Test;

class HostPlacementTest {

    private static final Resources ONE = new Resources(1, 512, 0);
    private static final Resources TWO = new Resources(2, 512, 0);

    private static HostPlacement.Host host(String name, int cpu) {
        return new HostPlacement.Host(name, Optional.of(new Resources(cpu, 4096, 0)), Resources.NONE,
                Optional.empty());
    }

    private static List<String> placed(HostPlacement.Outcome outcome) {
        assertThat(outcome).isInstanceOf(HostPlacement.Placed.class);
        return ((HostPlacement.Placed) outcome).targets();
    }

    @Test
    void tasks_fill_the_first_host_before_the_next() {
        assertThat(placed(HostPlacement.place(List.of(host("c1", 2), host("c2", 2)), List.of(ONE, ONE, ONE))))
                .containsExactly("c1", "c1", "c2");
    }

    @Test
    void a_task_too_big_for_what_is_free_on_the_first_host_goes_to_a_later_one() {
        HostPlacement.Host busy = new HostPlacement.Host("c1", Optional.of(new Resources(4, 4096, 0)),
                new Resources(3, 0, 0), Optional.empty());

        assertThat(placed(HostPlacement.place(List.of(busy, host("c2", 4)), List.of(TWO, ONE))))
                .containsExactly("c2", "c1");
    }

    @Test
    void memory_and_gpu_count_as_cpu_does() {
        HostPlacement.Host small = new HostPlacement.Host("c1", Optional.of(new Resources(8, 1024, 0)),
                Resources.NONE, Optional.empty());
        HostPlacement.Host gpu = new HostPlacement.Host("g1", Optional.of(new Resources(8, 8192, 1)),
                Resources.NONE, Optional.empty());

        assertThat(placed(HostPlacement.place(List.of(small, gpu), List.of(new Resources(1, 2048, 0),
                new Resources(1, 512, 1), new Resources(1, 512, 0))))).containsExactly("g1", "g1", "c1");
    }

    @Test
    void draining_and_unreachable_hosts_take_no_task_while_others_do() {
        HostPlacement.Host draining = new HostPlacement.Host("c1", Optional.of(new Resources(8, 4096, 0)),
                Resources.NONE, Optional.of("SSH host c1 is draining and takes no new tasks"));

        assertThat(placed(HostPlacement.place(List.of(draining, host("c2", 2)), List.of(ONE, ONE))))
                .containsExactly("c2", "c2");
    }

    @Test
    void a_host_of_unknown_capacity_takes_any_task() {
        HostPlacement.Host unknown = new HostPlacement.Host("c1", Optional.empty(), new Resources(100, 0, 0),
                Optional.empty());

        assertThat(placed(HostPlacement.place(List.of(unknown, host("c2", 2)), List.of(TWO, TWO))))
                .containsExactly("c1", "c1");
    }

    @Test
    void a_job_whose_tasks_do_not_all_fit_waits_as_a_whole_and_says_what_is_free() {
        HostPlacement.Outcome outcome = HostPlacement.place(List.of(host("c1", 2), host("c2", 1)),
                List.of(TWO, ONE, ONE));

        assertThat(outcome).isEqualTo(new HostPlacement.Waits("needs 1 cpu, 512 MB, 0 gpu on one SSH host"
                + " (its job's 3 waiting tasks start together); c1 0 cpu, 3584 MB, 0 gpu free;"
                + " c2 0 cpu, 3584 MB, 0 gpu free", false));
        assertThat(((HostPlacement.Waits) outcome).forRoom()).isTrue();
    }

    @Test
    void a_task_no_host_could_ever_hold_is_told_so() {
        HostPlacement.Outcome outcome = HostPlacement.place(List.of(host("c1", 2), host("c2", 2)),
                List.of(new Resources(4, 512, 0)));

        assertThat(outcome).isEqualTo(new HostPlacement.Waits("needs 4 cpu, 512 MB, 0 gpu on one SSH host;"
                + " it can never start here: c1 has 2 cpu, 4096 MB, 0 gpu; c2 has 2 cpu, 4096 MB, 0 gpu", true));
        assertThat(((HostPlacement.Waits) outcome).forRoom()).isFalse();
    }

    @Test
    void with_every_host_unavailable_the_tasks_wait_for_the_executor() {
        HostPlacement.Host draining = new HostPlacement.Host("c1", Optional.empty(), Resources.NONE,
                Optional.of("SSH host c1 is draining and takes no new tasks"));

        assertThat(HostPlacement.place(List.of(draining), List.of(ONE))).isEqualTo(new HostPlacement.Waits(
                "executor unavailable: SSH host c1 is draining and takes no new tasks", false));
        assertThat(HostPlacement.place(List.of(), List.of(ONE))).isEqualTo(new HostPlacement.Waits(
                "executor unavailable: the virtual cluster names no SSH host", false));
        assertThat(((HostPlacement.Waits) HostPlacement.place(List.of(draining), List.of(ONE))).forRoom()).isFalse();
    }
}
