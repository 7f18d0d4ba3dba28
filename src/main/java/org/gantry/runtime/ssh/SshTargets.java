package org.gantry.runtime.ssh;

import java.util.Optional;

/** Looks registered SSH hosts up by alias. */
@FunctionalInterface
public interface SshTargets {

    Optional<SshTarget> find(String alias);
}
