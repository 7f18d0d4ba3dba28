package org.gantry.job;

import java.util.Set;

/** Who is looking at jobs and therefore which jobs a query may return. */
record ViewerScope(String username, JobVisibility visibility, Set<String> virtualClusters) {

    ViewerScope {
        virtualClusters = Set.copyOf(virtualClusters);
    }

    boolean seesEverything() {
        return visibility == JobVisibility.ALL;
    }
}
