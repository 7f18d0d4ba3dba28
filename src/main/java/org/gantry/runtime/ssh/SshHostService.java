package org.gantry.runtime.ssh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import org.gantry.runtime.Resources;
import org.gantry.runtime.hosts.SshTarget;
import org.gantry.runtime.hosts.SshTargets;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The SSH hosts administrators register for the ssh executor and for Slurm login nodes. */
@Service
public class SshHostService implements SshTargets, HostStates {

    /** A public key as OpenSSH writes it: its type and its base64 body. */
    private static final String PUBLIC_KEY = "(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)) [A-Za-z0-9+/]+=*";

    private final SshHostRepository hosts;
    private final MinaSshClients clients;

    SshHostService(SshHostRepository hosts, MinaSshClients clients) {
        this.hosts = hosts;
        this.clients = clients;
    }

    /** What an administrator sets on an SSH host. */
    public record SshHostSettings(String alias, String host, int port, String username, String keyPath,
                                  String baseDir, String description) {
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional(readOnly = true)
    public List<SshHost> hosts() {
        return hosts.findAllByOrderByAlias();
    }

    /** For the administrators' node list. */
    @Override
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional(readOnly = true)
    public List<SshTarget> all() {
        return hosts.findAllByOrderByAlias().stream().map(SshHost::toTarget).toList();
    }

    /** For executors: no caller check, the alias comes from a virtual cluster an admin set up. */
    @Override
    @Transactional(readOnly = true)
    public Optional<SshTarget> find(String alias) {
        return hosts.findByAlias(alias).map(SshHost::toTarget);
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public SshHost save(SshHostSettings settings) {
        if (settings.alias() == null || !settings.alias().matches(SshHost.ALIAS_PATTERN)) {
            throw new IllegalArgumentException("An alias is 1 to 64 letters, digits, '_', '.' or '-'");
        }
        if (settings.host() == null || settings.host().isBlank()) {
            throw new IllegalArgumentException("The host is required");
        }
        if (settings.port() < 1 || settings.port() > 65535) {
            throw new IllegalArgumentException("The port is between 1 and 65535");
        }
        if (settings.username() == null || settings.username().isBlank()) {
            throw new IllegalArgumentException("The user name is required");
        }
        if (settings.keyPath() == null || !settings.keyPath().trim().startsWith("/")) {
            throw new IllegalArgumentException("The key path is an absolute path on Gantry's host");
        }
        SshHost host = hosts.findByAlias(settings.alias()).orElseGet(() -> new SshHost(settings.alias()));
        host.apply(settings);
        return hosts.save(host);
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional(readOnly = true)
    public Optional<SshHost> host(String alias) {
        return hosts.findByAlias(alias);
    }

    /**
     * Registers or changes a host with what a deploy measured on it, and pins its host key
     * ({@code "ssh-ed25519 AAAA…"}) as the only one Gantry accepts from it; an empty key keeps
     * the one pinned before. A draining host stays draining.
     */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public SshHost register(SshHostSettings settings, Optional<Resources> capacity, Optional<String> hostKey) {
        capacity.filter(c -> c.cpu() < 1 || c.memoryMB() < 1 || c.gpu() < 0).ifPresent(c -> {
            throw new IllegalArgumentException("A capacity has at least 1 cpu and 1 MiB of memory, and no negative gpu");
        });
        hostKey.filter(key -> !key.strip().matches(PUBLIC_KEY)).ifPresent(key -> {
            throw new IllegalArgumentException("The host key is a public key such as `ssh-ed25519 AAAA…`");
        });
        SshHost host = save(settings);
        host.setCapacity(capacity);
        if (hostKey.isPresent()) {
            host.setHostKey(hostKey.get().strip());
            try {
                clients.pin(host.getHost(), host.getPort(), hostKey.get());
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot pin the host key of " + host.getAlias(), e);
            }
        }
        return hosts.save(host);
    }

    /** Sets whether the host takes new tasks; false when no such host is registered. */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public boolean setDraining(String alias, boolean draining) {
        Optional<SshHost> host = hosts.findByAlias(alias);
        host.ifPresent(h -> h.setDraining(draining));
        return host.isPresent();
    }

    /** For the executor's admission: no caller check. */
    @Override
    @Transactional(readOnly = true)
    public boolean draining(String alias) {
        return hosts.findByAlias(alias).map(SshHost::isDraining).orElse(false);
    }

    @Override
    @Transactional(readOnly = true)
    public Optional<Resources> capacity(String alias) {
        return hosts.findByAlias(alias).flatMap(SshHost::capacity);
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional
    public void delete(String alias) {
        hosts.findByAlias(alias).ifPresent(hosts::delete);
    }
}
