package org.gantry.job;

import java.util.Optional;
import org.gantry.job.lint.NodeCapacity;
import org.gantry.security.VirtualCluster;

/**
 * The most a virtual cluster can ever give one job, as its executor reports it; the runtime
 * implements it. A job beyond it is refused at submission and reported by the linter.
 */
public interface JobCapacity {

    /**
     * The largest node of {@code cluster}; empty when its executor does not know it (an SSH
     * host) or when jobs may queue for capacity that is not there yet
     * ({@code gantry.runtime.admission.queue-beyond-capacity}). Never throws: an executor that
     * cannot answer now gives empty.
     */
    Optional<NodeCapacity> largestNode(VirtualCluster cluster);
}
