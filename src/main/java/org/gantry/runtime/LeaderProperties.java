package org.gantry.runtime;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How Gantry instances sharing one database agree on the one whose reconciler runs (decision 0040).
 *
 * @param leaseTime Time after its last renewal at which the leader's lease expires and another instance may take over.
 * @param renewInterval Interval at which the leader renews its lease and the others try to take it.
 * @param takeOverFromDeadProcesses Whether a lease held by a process of this machine that no longer runs is taken over at once, without waiting for it to expire.
 */
@ConfigurationProperties("gantry.runtime.leader")
public record LeaderProperties(@DefaultValue("6s") Duration leaseTime, @DefaultValue("1s") Duration renewInterval,
                               @DefaultValue("true") boolean takeOverFromDeadProcesses) {

    public LeaderProperties {
        if (renewInterval.compareTo(leaseTime.dividedBy(2)) > 0) {
            throw new IllegalArgumentException("gantry.runtime.leader.renew-interval must be at most half the lease time");
        }
    }
}
