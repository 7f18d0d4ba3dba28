package org.gantry.runtime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a job's tasks are placed: per task role, per index, the host and the reserved ports.
 * Feeds the runtime variables that let a job's tasks find each other.
 */
public record JobLayout(Map<String, List<TaskPlace>> roles) {

    /**
     * One task's place.
     *
     * @param host  the host name or address other tasks reach it at
     * @param ports port label → the ports reserved for it there
     */
    public record TaskPlace(String host, Map<String, List<Integer>> ports) {
        public TaskPlace {
            ports = Collections.unmodifiableMap(new LinkedHashMap<>(ports));
        }
    }

    public JobLayout {
        roles = Collections.unmodifiableMap(new LinkedHashMap<>(roles));
    }

    public TaskPlace place(String role, int index) {
        List<TaskPlace> places = roles.get(role);
        if (places == null || index < 0 || index >= places.size()) {
            throw new IllegalArgumentException("no place for task " + role + "-" + index);
        }
        return places.get(index);
    }
}
