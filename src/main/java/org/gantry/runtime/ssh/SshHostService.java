package org.gantry.runtime.ssh;

import java.util.List;
import java.util.Optional;
import org.gantry.runtime.hosts.SshTarget;
import org.gantry.runtime.hosts.SshTargets;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** The SSH hosts administrators register for the ssh executor and for Slurm login nodes. */
@Service
public class SshHostService implements SshTargets {

    private final SshHostRepository hosts;

    SshHostService(SshHostRepository hosts) {
        this.hosts = hosts;
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
    @Transactional
    public void delete(String alias) {
        hosts.findByAlias(alias).ifPresent(hosts::delete);
    }
}
