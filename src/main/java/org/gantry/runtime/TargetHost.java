package org.gantry.runtime;

import java.util.Optional;

/**
 * One machine of a virtual cluster's target on which admission places each task itself (an SSH
 * host of an ssh cluster; decision 0094).
 *
 * @param target      the machine as a target of its own: what the attempts placed there record,
 *                    and what launching, observing, stopping, shells and logs then use
 * @param capacity    what was measured on it; empty when unknown, and then any task fits
 * @param unavailable why it takes no new task now (draining, not registered); empty when it does
 */
public record TargetHost(String target, Optional<Resources> capacity, Optional<String> unavailable) {
}
