package org.gantry.runtime.reconcile;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hands out the ports a task declares in {@code resourcePerInstance.ports} from the configured
 * range, skipping ports held by running tasks on the same machine; on Gantry's own host a port
 * is also checked to be free right now. Not thread-safe: the reconciler's thread owns it.
 */
final class PortAllocator {

    private final int first;
    private final int last;
    private int next;

    PortAllocator(int first, int last) {
        if (first < 1 || last > 65535 || first > last) {
            throw new IllegalArgumentException("bad port range " + first + "-" + last);
        }
        this.first = first;
        this.last = last;
        this.next = first;
    }

    /**
     * @param wanted label → how many ports
     * @param inUse  ports reserved on the machine; the ports handed out are added to it
     * @param local  whether the machine is Gantry's host, where ports can be probed
     */
    Map<String, List<Integer>> allocate(Map<String, Integer> wanted, Set<Integer> inUse, boolean local) {
        Map<String, List<Integer>> ports = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> label : wanted.entrySet()) {
            List<Integer> taken = new ArrayList<>();
            for (int i = 0; i < label.getValue(); i++) {
                int port = nextFree(inUse, local);
                inUse.add(port);
                taken.add(port);
            }
            ports.put(label.getKey(), taken);
        }
        return ports;
    }

    private int nextFree(Set<Integer> inUse, boolean local) {
        int size = last - first + 1;
        for (int tried = 0; tried < size; tried++) {
            int port = next;
            next = next == last ? first : next + 1;
            if (!inUse.contains(port) && (!local || bindable(port))) {
                return port;
            }
        }
        throw new IllegalStateException("no free port left in " + first + "-" + last);
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName("0.0.0.0"))) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
