package org.gantry.security;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.JoinTable;
import jakarta.persistence.ManyToMany;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.gantry.base.domain.AbstractEntity;

/** A person's account: credentials, role, groups. */
@Entity
@Table(name = "app_user")
public class UserAccount extends AbstractEntity {

    public static final int USERNAME_MAX = 64;
    /**
     * OpenPAI's user names ({@code ^[\w.-]+$}: letters of either case, digits, '_', '.', '-'), at
     * most {@link #USERNAME_MAX} long, except {@code .} and {@code ..}, which would name directories
     * in the paths built from a user name. Also valid as an HTML {@code pattern} (the v flag wants
     * the '-' escaped).
     */
    public static final String USERNAME_PATTERN = "(?!\\.\\.?$)[A-Za-z0-9_.\\-]{1," + USERNAME_MAX + "}";
    public static final int EMAIL_MAX = 255;
    public static final int PASSWORD_MIN = 8;

    @Column(nullable = false, unique = true, length = USERNAME_MAX)
    private String username;

    @Column(name = "password_hash", nullable = false, length = 100)
    private String passwordHash;

    @Column(nullable = false, length = EMAIL_MAX)
    private String email = "";

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Role role = Role.USER;

    @Column(nullable = false)
    private boolean enabled = true;

    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    @Version
    private long version;

    @ManyToMany(fetch = FetchType.EAGER)
    @JoinTable(name = "user_group",
            joinColumns = @JoinColumn(name = "user_id"),
            inverseJoinColumns = @JoinColumn(name = "group_id"))
    private Set<UserGroup> groups = new HashSet<>();

    protected UserAccount() {
    }

    public UserAccount(String username, String passwordHash, Role role, Instant createdAt) {
        this.username = username;
        this.passwordHash = passwordHash;
        this.role = role;
        this.createdAt = createdAt;
    }

    public String getUsername() {
        return username;
    }

    public String getPasswordHash() {
        return passwordHash;
    }

    void setPasswordHash(String passwordHash) {
        this.passwordHash = passwordHash;
    }

    public String getEmail() {
        return email;
    }

    public void setEmail(String email) {
        this.email = email == null ? "" : email;
    }

    public Role getRole() {
        return role;
    }

    public void setRole(Role role) {
        this.role = role;
    }

    public boolean isAdmin() {
        return role == Role.ADMIN;
    }

    public boolean isEnabled() {
        return enabled;
    }

    void setEnabled(boolean enabled) {
        this.enabled = enabled;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public Set<UserGroup> getGroups() {
        return groups;
    }

    public void setGroups(Set<UserGroup> groups) {
        this.groups = new HashSet<>(groups);
    }

    /** Names of the virtual clusters this account may submit to, through its groups. */
    public Set<String> virtualClusterNames() {
        Set<String> names = new TreeSet<>();
        groups.forEach(g -> g.getVirtualClusters().forEach(vc -> names.add(vc.getName())));
        return names;
    }
}
