package org.gantry.runtime;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * The runtime variables every task gets, OpenPAI's ({@code PAI_*}) so that jobs written for
 * OpenPAI run unchanged, and Gantry's own ({@code GANTRY_*}). {@code PAI_WORK_DIR} and
 * {@code GANTRY_WORK_DIR} are set by the runner, which alone knows the directory it runs in.
 *
 * <p>Role names and port labels that are not valid in a variable name have their other
 * characters replaced by '_' there ({@code PAI_TASK_ROLE_TASK_COUNT_my_role} for {@code my-role}).
 */
public final class TaskEnvironment {

    private TaskEnvironment() {
    }

    /** One task role as placed: its instances' hosts and reserved ports. */
    public record RoleLayout(String name, int instances, Resources resources, OptionalInt minFailedInstances,
                             OptionalInt minSucceededInstances, List<String> hosts,
                             List<Map<String, List<Integer>>> ports) {
        public RoleLayout {
            hosts = List.copyOf(hosts);
            ports = List.copyOf(ports);
            if (hosts.size() != instances || ports.size() != instances) {
                throw new IllegalArgumentException("role " + name + " has " + instances
                        + " instances but " + hosts.size() + " hosts and " + ports.size() + " port sets");
            }
        }
    }

    /** A job as placed, and which of its tasks the variables are for. */
    public record Layout(String jobName, String userName, String virtualCluster, List<RoleLayout> roles,
                         String currentRole, int currentIndex, int attempt) {
        public Layout {
            roles = List.copyOf(roles);
        }
    }

    public static Map<String, String> of(Layout layout) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PAI_JOB_NAME", layout.jobName());
        env.put("PAI_USER_NAME", layout.userName());
        env.put("PAI_TASK_ROLE_COUNT", Integer.toString(layout.roles().size()));
        env.put("PAI_TASK_ROLE_LIST", layout.roles().stream().map(RoleLayout::name).collect(Collectors.joining(",")));
        RoleLayout current = null;
        for (RoleLayout role : layout.roles()) {
            String r = varPart(role.name());
            env.put("PAI_TASK_ROLE_TASK_COUNT_" + r, Integer.toString(role.instances()));
            Resources res = role.resources();
            env.put("PAI_RESOURCE_" + r, res.gpu() + "," + res.cpu() + "," + res.memoryMB() + ",0");
            env.put("PAI_MIN_FAILED_TASK_COUNT_" + r, countOrMinusOne(role.minFailedInstances()));
            env.put("PAI_MIN_SUCCEEDED_TASK_COUNT_" + r, countOrMinusOne(role.minSucceededInstances()));
            for (int i = 0; i < role.instances(); i++) {
                env.put("PAI_HOST_IP_" + r + "_" + i, role.hosts().get(i));
                for (Map.Entry<String, List<Integer>> port : role.ports().get(i).entrySet()) {
                    env.put("PAI_PORT_LIST_" + r + "_" + i + "_" + varPart(port.getKey()), join(port.getValue()));
                }
            }
            env.put("PAI_TASK_ROLE_" + r + "_HOST_LIST", hostList(role));
            if (role.name().equals(layout.currentRole())) {
                current = role;
            }
        }
        if (current == null || layout.currentIndex() < 0 || layout.currentIndex() >= current.instances()) {
            throw new IllegalArgumentException("no task " + layout.currentRole() + "-" + layout.currentIndex());
        }
        env.put("PAI_CURRENT_TASK_ROLE_NAME", current.name());
        env.put("PAI_CURRENT_TASK_ROLE_CURRENT_TASK_INDEX", Integer.toString(layout.currentIndex()));
        env.put("PAI_TASK_INDEX", Integer.toString(layout.currentIndex()));
        env.put("PAI_CONTAINER_HOST_IP", current.hosts().get(layout.currentIndex()));
        Map<String, List<Integer>> ownPorts = current.ports().get(layout.currentIndex());
        ownPorts.forEach((label, ports) -> env.put("PAI_CONTAINER_HOST_" + varPart(label) + "_PORT_LIST", join(ports)));
        ownPorts.values().stream().flatMap(List::stream).findFirst()
                .ifPresent(port -> env.put("PAI_CONTAINER_HOST_PORT", Integer.toString(port)));
        env.put("GANTRY_JOB_NAME", layout.jobName());
        env.put("GANTRY_USER", layout.userName());
        env.put("GANTRY_VIRTUAL_CLUSTER", layout.virtualCluster());
        env.put("GANTRY_TASK_ROLE", current.name());
        env.put("GANTRY_TASK_INDEX", Integer.toString(layout.currentIndex()));
        env.put("GANTRY_TASK_COUNT", Integer.toString(current.instances()));
        env.put("GANTRY_ATTEMPT", Integer.toString(layout.attempt()));
        return env;
    }

    /** OpenPAI's legacy list: "host:port" per instance when the role reserves ports, else hosts. */
    private static String hostList(RoleLayout role) {
        StringBuilder list = new StringBuilder();
        for (int i = 0; i < role.instances(); i++) {
            if (i > 0) {
                list.append(',');
            }
            list.append(role.hosts().get(i));
            role.ports().get(i).values().stream().flatMap(List::stream).findFirst()
                    .ifPresent(port -> list.append(':').append(port));
        }
        return list.toString();
    }

    static String varPart(String name) {
        return name.replaceAll("[^A-Za-z0-9_]", "_");
    }

    private static String countOrMinusOne(OptionalInt value) {
        return value.isPresent() ? Integer.toString(value.getAsInt()) : "-1";
    }

    private static String join(List<Integer> ports) {
        return ports.stream().map(String::valueOf).collect(Collectors.joining(","));
    }
}
