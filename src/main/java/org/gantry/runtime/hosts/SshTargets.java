package org.gantry.runtime.hosts;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.gantry.base.ssh.SshEndpoint;

/** Looks registered SSH hosts up by alias. */
@FunctionalInterface
public interface SshTargets {

    Optional<SshTarget> find(String alias);

    /** Every registered host, by alias. */
    default List<SshTarget> all() {
        return List.of();
    }

    /**
     * How a shell reaches a registered host as its login, checking the host's key against
     * {@code knownHosts}.
     *
     * @throws IllegalArgumentException when no host is registered under the alias
     */
    default SshEndpoint endpoint(String alias, Path knownHosts) {
        SshTarget host = find(alias)
                .orElseThrow(() -> new IllegalArgumentException("no SSH host " + alias + " is registered"));
        return host.endpoint().withKnownHosts(knownHosts);
    }
}
