package org.gantry.runtime.ssh;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.nio.file.Path;
import java.util.Optional;
import org.gantry.base.domain.AbstractEntity;
import org.gantry.runtime.Resources;
import org.gantry.runtime.hosts.SshTarget;

/** An SSH host registered by an administrator (stored form of {@link SshTarget}). */
@Entity
@Table(name = "ssh_host")
public class SshHost extends AbstractEntity {

    public static final int ALIAS_MAX = 64;
    public static final String ALIAS_PATTERN = "[A-Za-z0-9_.-]{1,64}";

    @Column(nullable = false, unique = true, length = ALIAS_MAX)
    private String alias;

    @Column(nullable = false, length = 255)
    private String host;

    @Column(nullable = false)
    private int port = 22;

    @Column(nullable = false, length = 64)
    private String username;

    @Column(name = "key_path", nullable = false, length = 1024)
    private String keyPath;

    @Column(name = "base_dir", nullable = false, length = 1024)
    private String baseDir = ".gantry";

    @Column(nullable = false, length = 1024)
    private String description = "";

    /** Measured when a deploy registered the host; null when unknown. */
    private Integer cpu;

    @Column(name = "memory_mb")
    private Integer memoryMb;

    private Integer gpu;

    /** The host's key as a known_hosts line, pinned when a deploy registered it; null when trusted on first use. */
    @Column(name = "host_key", length = 8192)
    private String hostKey;

    @Column(nullable = false)
    private boolean draining;

    protected SshHost() {
    }

    SshHost(String alias) {
        this.alias = alias;
    }

    public String getAlias() {
        return alias;
    }

    public String getHost() {
        return host;
    }

    public int getPort() {
        return port;
    }

    public String getUsername() {
        return username;
    }

    public String getKeyPath() {
        return keyPath;
    }

    public String getBaseDir() {
        return baseDir;
    }

    public String getDescription() {
        return description;
    }

    public Optional<Resources> capacity() {
        return cpu == null || memoryMb == null ? Optional.empty()
                : Optional.of(new Resources(cpu, memoryMb, gpu == null ? 0 : gpu));
    }

    public Optional<String> getHostKey() {
        return Optional.ofNullable(hostKey);
    }

    public boolean isDraining() {
        return draining;
    }

    void setCapacity(Optional<Resources> capacity) {
        cpu = capacity.map(Resources::cpu).orElse(null);
        memoryMb = capacity.map(Resources::memoryMB).orElse(null);
        gpu = capacity.map(Resources::gpu).orElse(null);
    }

    void setHostKey(String knownHostsLine) {
        hostKey = knownHostsLine;
    }

    void setDraining(boolean draining) {
        this.draining = draining;
    }

    void apply(SshHostService.SshHostSettings settings) {
        host = settings.host().trim();
        port = settings.port();
        username = settings.username().trim();
        keyPath = settings.keyPath().trim();
        baseDir = settings.baseDir() == null || settings.baseDir().isBlank() ? ".gantry" : settings.baseDir().trim();
        description = settings.description() == null ? "" : settings.description();
    }

    public SshTarget toTarget() {
        return new SshTarget(alias, host, port, username, Path.of(keyPath), baseDir);
    }
}
