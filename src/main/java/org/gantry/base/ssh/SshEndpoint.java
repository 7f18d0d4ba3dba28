package org.gantry.base.ssh;

import java.nio.file.Path;
import java.util.Optional;

/**
 * An SSH server Gantry logs in to: a registered host tasks run on, a Slurm login node, or the
 * host a terminal shell into a task opens on.
 *
 * @param host host name or address
 * @param port SSH port
 * @param user account to log in as
 * @param identityFile the private key Gantry authenticates with (OpenSSH or PEM format, no passphrase)
 * @param hostKeyFingerprint the server's expected host key ({@code SHA256:…})
 * @param knownHosts a known_hosts file that must list the server's key, when no fingerprint is
 *     given; with neither, any key is accepted and a warning is logged
 */
public record SshEndpoint(String host, int port, String user, Path identityFile, Optional<String> hostKeyFingerprint,
                          Optional<Path> knownHosts) {

    /** The same server, its key checked against {@code file} instead of a pinned fingerprint. */
    public SshEndpoint withKnownHosts(Path file) {
        return new SshEndpoint(host, port, user, identityFile, Optional.empty(), Optional.of(file));
    }

    @Override
    public String toString() {
        return user + "@" + host + ":" + port;
    }
}
