package org.gantry.security;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Groups and virtual clusters, and which groups may use which clusters. */
@Service
public class GroupService {

    /** An SSH host's alias, as the ssh executor registers it. */
    private static final String SSH_ALIAS = "[A-Za-z0-9_.-]{1,64}";

    private final UserGroupRepository groups;
    private final VirtualClusterRepository clusters;
    private final UserAccountRepository users;

    GroupService(UserGroupRepository groups, VirtualClusterRepository clusters, UserAccountRepository users) {
        this.groups = groups;
        this.clusters = clusters;
        this.users = users;
    }

    @Transactional(readOnly = true)
    public List<UserGroup> groups() {
        return groups.findAllByOrderByName();
    }

    @Transactional(readOnly = true)
    public Optional<UserGroup> group(String name) {
        return groups.findByName(name);
    }

    /** The group's members, by name. */
    @Transactional(readOnly = true)
    public List<UserAccount> members(String name) {
        return users.findMembersOf(name);
    }

    /**
     * Deletes a group that has no members: deleting one with members would silently take
     * their virtual clusters away, so they must be moved out first.
     */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public void deleteGroup(String name) {
        UserGroup group = groups.findByName(name).orElseThrow(() -> new AccountException("No group " + name));
        int members = users.findMembersOf(name).size();
        if (members > 0) {
            throw new AccountException("Group " + name + " still has " + members + " member" + (members == 1 ? "" : "s")
                    + "; take them out of it first.");
        }
        groups.delete(group);
    }

    @Transactional(readOnly = true)
    public List<VirtualCluster> virtualClusters() {
        return clusters.findAllByOrderByName();
    }

    @Transactional(readOnly = true)
    public Optional<VirtualCluster> virtualCluster(String name) {
        return clusters.findByName(name);
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public UserGroup saveGroup(String name, String description, Collection<String> clusterNames) {
        if (name == null || !name.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new AccountException("A group name is 1 to 64 letters, digits, '_' or '-'");
        }
        UserGroup group = groups.findByName(name).orElseGet(() -> new UserGroup(name, ""));
        group.setDescription(description == null ? "" : description);
        Set<VirtualCluster> resolved = new HashSet<>();
        for (String clusterName : clusterNames) {
            resolved.add(clusters.findByName(clusterName)
                    .orElseThrow(() -> new AccountException("No virtual cluster " + clusterName)));
        }
        group.setVirtualClusters(resolved);
        return groups.save(group);
    }

    /** Lets the members of {@code group} use the virtual cluster too (nothing when they may already). */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public void allowVirtualCluster(String group, String virtualCluster) {
        Optional<UserGroup> existing = group(group);
        Set<String> names = existing.map(g -> g.getVirtualClusters().stream().map(VirtualCluster::getName)
                .collect(Collectors.toCollection(TreeSet::new))).orElseGet(TreeSet::new);
        if (names.add(virtualCluster)) {
            saveGroup(group, existing.map(UserGroup::getDescription).orElse(""), names);
        }
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public VirtualCluster saveVirtualCluster(VirtualClusterSettings settings) {
        if (settings.name() == null || !settings.name().matches(VirtualCluster.NAME_PATTERN)) {
            throw new AccountException("A virtual cluster name is 1 to 64 letters, digits, '_' or '-'");
        }
        if (!List.of("local", "ssh", "slurm").contains(settings.executor())) {
            throw new AccountException("Executor must be local, ssh or slurm, not " + settings.executor());
        }
        VirtualCluster vc = clusters.findByName(settings.name())
                .orElseGet(() -> new VirtualCluster(settings.name(), ""));
        vc.setDescription(settings.description() == null ? "" : settings.description());
        vc.setExecutor(settings.executor());
        vc.setExecutorTarget(target(settings.executor(), settings.executorTarget()));
        vc.setCpuQuota(nonNegative(settings.cpuQuota(), "cpu quota"));
        vc.setMemoryMbQuota(nonNegative(settings.memoryMbQuota(), "memory quota"));
        vc.setGpuQuota(nonNegative(settings.gpuQuota(), "gpu quota"));
        return clusters.save(vc);
    }

    /** SSH host aliases, each once; written back comma-separated without blanks. */
    private static String target(String executor, String target) {
        String trimmed = target == null ? "" : target.trim();
        if (trimmed.length() > VirtualCluster.TARGET_MAX) {
            throw new AccountException("The executor target is longer than " + VirtualCluster.TARGET_MAX
                    + " characters");
        }
        if (!"ssh".equals(executor) || trimmed.isEmpty()) {
            return trimmed;
        }
        List<String> aliases = new ArrayList<>();
        for (String alias : trimmed.split(",")) {
            String name = alias.trim();
            if (!name.matches(SSH_ALIAS)) {
                throw new AccountException("An ssh virtual cluster names its SSH hosts, comma-separated (c1,c2);"
                        + " `" + name + "` is not an alias");
            }
            if (aliases.contains(name)) {
                throw new AccountException("SSH host " + name + " is named twice");
            }
            aliases.add(name);
        }
        return String.join(",", aliases);
    }

    private static Integer nonNegative(Integer value, String what) {
        if (value != null && value < 0) {
            throw new AccountException("The " + what + " cannot be negative");
        }
        return value;
    }

    /** What an administrator sets on a virtual cluster; a null quota means unlimited. */
    public record VirtualClusterSettings(String name, String description, String executor, String executorTarget,
                                         Integer cpuQuota, Integer memoryMbQuota, Integer gpuQuota) {
    }
}
