package org.gantry.runtime.reconcile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** A task's reserved ports as stored: {@code label=port,port;label=port}. */
public final class PortList {

    private PortList() {
    }

    static String format(Map<String, List<Integer>> ports) {
        return ports.entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue().stream().map(String::valueOf).collect(Collectors.joining(",")))
                .collect(Collectors.joining(";"));
    }

    public static Map<String, List<Integer>> parse(String text) {
        Map<String, List<Integer>> ports = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return ports;
        }
        for (String entry : text.split(";")) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            List<Integer> values = new ArrayList<>();
            for (String port : entry.substring(eq + 1).split(",")) {
                if (!port.isBlank()) {
                    values.add(Integer.parseInt(port.trim()));
                }
            }
            ports.put(entry.substring(0, eq), values);
        }
        return ports;
    }
}
