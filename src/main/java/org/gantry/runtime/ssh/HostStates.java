package org.gantry.runtime.ssh;

import java.util.Optional;
import org.gantry.runtime.Resources;

/** What the ssh executor knows of a host beyond how to reach it: its measured capacity and whether it drains. */
interface HostStates {

    /** For hosts registered without a deploy: capacity unknown, never draining. */
    HostStates NONE = new HostStates() {
        @Override
        public boolean draining(String alias) {
            return false;
        }

        @Override
        public Optional<Resources> capacity(String alias) {
            return Optional.empty();
        }
    };

    /** Whether the host takes no new tasks. */
    boolean draining(String alias);

    Optional<Resources> capacity(String alias);
}
