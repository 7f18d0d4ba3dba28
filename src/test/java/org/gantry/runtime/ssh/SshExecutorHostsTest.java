package org.gantry.runtime.ssh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.Resources;
import org.gantry.runtime.TargetHost;
import org.gantry.runtime.hosts.SshTarget;
import org.junit.jupiter.api.Test;

/** How the ssh executor tells admission about the hosts of a virtual cluster's target (decision 0094). */
class SshExecutorHostsTest {

    private static final Map<String, Resources> MEASURED = Map.of("c1", new Resources(2, 2048, 0),
            "c2", new Resources(8, 1024, 1));

    private static SshExecutor executor(Set<String> registered, Set<String> draining) {
        HostStates states = new HostStates() {
            @Override
            public boolean draining(String alias) {
                return draining.contains(alias);
            }

            @Override
            public Optional<Resources> capacity(String alias) {
                return Optional.ofNullable(MEASURED.get(alias)).filter(c -> registered.contains(alias));
            }
        };
        return new SshExecutor(alias -> registered.contains(alias) ? Optional.of(new SshTarget(alias, "h-" + alias,
                22, "u", Path.of("/k"), "/base/" + alias)) : Optional.empty(), null, states);
    }

    @Test
    void the_targets_hosts_come_in_the_clusters_order_with_their_measured_capacity() {
        SshExecutor ssh = executor(Set.of("c1", "c2", "c3"), Set.of("c2"));

        assertThat(ssh.hosts("c3, c1,c2,gone").orElseThrow()).containsExactly(
                new TargetHost("c3", Optional.empty(), Optional.empty()),
                new TargetHost("c1", Optional.of(MEASURED.get("c1")), Optional.empty()),
                new TargetHost("c2", Optional.of(MEASURED.get("c2")),
                        Optional.of("SSH host c2 is draining and takes no new tasks")),
                new TargetHost("gone", Optional.empty(), Optional.of("no SSH host gone is registered")));
    }

    @Test
    void the_largest_node_is_the_largest_of_each_resource_and_unknown_when_a_host_was_not_measured() {
        assertThat(executor(Set.of("c1", "c2"), Set.of()).largestNode("c1,c2,gone"))
                .contains(new Resources(8, 2048, 1));
        assertThat(executor(Set.of("c1", "c2", "c3"), Set.of()).largestNode("c1,c3")).isEmpty();
    }

    @Test
    void a_plan_is_placed_on_the_first_host_that_takes_tasks_and_waits_when_none_does() throws Exception {
        assertThat(executor(Set.of("c1", "c2"), Set.of("c1")).placement("c1,c2", "alice").cacheDir())
                .isEqualTo("/base/c2/cache");
        assertThatThrownBy(() -> executor(Set.of("c1"), Set.of("c1")).placement("c1,gone", "alice"))
                .isInstanceOfSatisfying(ExecutorException.class, e -> assertThat(e.isPermanent()).isFalse())
                .hasMessage("SSH host c1 is draining and takes no new tasks; no SSH host gone is registered");
    }
}
