package org.gantry.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.Table;
import java.util.HashSet;
import java.util.Set;
import org.gantry.base.domain.AbstractEntity;

/** A group of users and the virtual clusters its members may submit to. */
@Entity
@Table(name = "app_group")
public class UserGroup extends AbstractEntity {

    public static final int NAME_MAX = 64;

    @Column(nullable = false, unique = true, length = NAME_MAX)
    private String name;

    @Column(nullable = false, length = 1024)
    private String description = "";

    @ManyToMany(fetch = FetchType.EAGER)
    @JoinTable(name = "group_virtual_cluster",
            joinColumns = @JoinColumn(name = "group_id"),
            inverseJoinColumns = @JoinColumn(name = "virtual_cluster_id"))
    private Set<VirtualCluster> virtualClusters = new HashSet<>();

    protected UserGroup() {
    }

    public UserGroup(String name, String description) {
        this.name = name;
        this.description = description;
    }

    public String getName() {
        return name;
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public Set<VirtualCluster> getVirtualClusters() {
        return virtualClusters;
    }

    public void setVirtualClusters(Set<VirtualCluster> virtualClusters) {
        this.virtualClusters = new HashSet<>(virtualClusters);
    }
}
