package org.gantry.storage;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.Table;
import java.util.Set;
import java.util.TreeSet;
import org.gantry.base.domain.AbstractEntity;

/** A storage an administrator registered. Its credentials stay sealed here and never leave the service. */
@Entity
@Table(name = "storage")
class Storage extends AbstractEntity {

    static final int NAME_MAX = 64;
    static final int URI_MAX = 2048;
    static final int PATH_MAX = 1024;

    @Column(nullable = false, unique = true, length = NAME_MAX)
    private String name;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private StorageKind kind;

    @Column(name = "root_uri", nullable = false, length = URI_MAX)
    private String rootUri;

    /** {@link org.gantry.job.SecretCipher} output bound to {@link #sealContext()}; null: none. */
    @Column(name = "credentials")
    private byte[] credentials;

    @Column(name = "read_only", nullable = false)
    private boolean readOnly;

    @Column(name = "default_storage", nullable = false)
    private boolean defaultStorage;

    @Column(name = "mount_path", nullable = false, length = PATH_MAX)
    private String mountPath;

    @Column(nullable = false, length = PATH_MAX)
    private String description = "";

    /** Executor kinds or {@code kind:target} entries where the storage is mounted at its mount path, comma-separated. */
    @Column(name = "mounted_on", nullable = false, length = PATH_MAX)
    private String mountedOn = "";

    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "storage_group", joinColumns = @JoinColumn(name = "storage_id"))
    @Column(name = "group_name", length = 64)
    private Set<String> groups = new TreeSet<>();

    /** The SFTP server's host key as a known_hosts line, pinned at registration; null for other kinds. */
    @Column(name = "host_key", length = 8192)
    private String hostKey;

    protected Storage() {
    }

    Storage(String name) {
        this.name = name;
    }

    String sealContext() {
        return "storage:" + name;
    }

    String getName() {
        return name;
    }

    StorageKind getKind() {
        return kind;
    }

    String getRootUri() {
        return rootUri;
    }

    byte[] getCredentials() {
        return credentials;
    }

    boolean isReadOnly() {
        return readOnly;
    }

    boolean isDefaultStorage() {
        return defaultStorage;
    }

    String getMountPath() {
        return mountPath;
    }

    String getDescription() {
        return description;
    }

    Set<String> getGroups() {
        return groups;
    }

    Set<String> getMountedOn() {
        Set<String> entries = new TreeSet<>();
        for (String entry : mountedOn.split(",")) {
            if (!entry.isBlank()) {
                entries.add(entry.trim());
            }
        }
        return entries;
    }

    void setMountedOn(Set<String> entries) {
        this.mountedOn = String.join(",", new TreeSet<>(entries));
    }

    void apply(StorageKind kind, String rootUri, boolean readOnly, boolean defaultStorage, String mountPath,
               String description, Set<String> groups) {
        this.kind = kind;
        this.rootUri = rootUri;
        this.readOnly = readOnly;
        this.defaultStorage = defaultStorage;
        this.mountPath = mountPath;
        this.description = description;
        this.groups = new TreeSet<>(groups);
    }

    String getHostKey() {
        return hostKey;
    }

    void setHostKey(String knownHostsLine) {
        this.hostKey = knownHostsLine;
    }

    void setCredentials(byte[] sealed) {
        this.credentials = sealed;
    }
}
