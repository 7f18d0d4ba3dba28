package org.gantry.runtime.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LeaderLeaseHolderTest {

    private final LeaderLease.Holder me = LeaderLease.Holder.current();

    @Test
    void a_holder_name_reads_back_as_the_same_holder() {
        assertThat(LeaderLease.Holder.parse(me.name())).contains(me);
        assertThat(LeaderLease.Holder.parse("another-gantry")).isEmpty();
    }

    @Test
    void a_process_of_this_machine_that_ended_is_gone_and_a_live_one_is_not() throws Exception {
        Process ended = new ProcessBuilder("true").start();
        ended.waitFor();
        LeaderLease.Holder dead = new LeaderLease.Holder(me.host(), me.boot(), me.pidNamespace(), ended.pid(), "x");
        assertThat(dead.goneFrom(me)).isTrue();
        assertThat(me.goneFrom(me)).isFalse();
    }

    @Test
    void a_holder_on_another_machine_or_pid_namespace_is_never_taken_for_dead() {
        long noSuchPid = Integer.MAX_VALUE;
        assertThat(new LeaderLease.Holder("elsewhere", me.boot(), me.pidNamespace(), noSuchPid, "x").goneFrom(me))
                .isFalse();
        assertThat(new LeaderLease.Holder(me.host(), "other-boot", me.pidNamespace(), noSuchPid, "x").goneFrom(me))
                .isFalse();
        assertThat(new LeaderLease.Holder(me.host(), me.boot(), "pid:[1]", noSuchPid, "x").goneFrom(me)).isFalse();
    }
}
