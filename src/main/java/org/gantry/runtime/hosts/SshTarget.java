package org.gantry.runtime.hosts;

import java.nio.file.Path;
import java.util.Optional;
import org.gantry.base.ssh.SshEndpoint;

/**
 * An SSH host tasks can run on, as an administrator registered it.
 *
 * @param alias    the name virtual clusters use as their executor target
 * @param endpoint how Gantry logs in: host, port, the login tasks run as, and the private key
 *                 file on Gantry's host (OpenSSH or PEM format, no passphrase); no host key is
 *                 pinned at registration
 * @param baseDir  directory for Gantry's files on the host, relative to the login's home
 */
public record SshTarget(String alias, SshEndpoint endpoint, String baseDir) {

    public SshTarget(String alias, String host, int port, String username, Path keyPath, String baseDir) {
        this(alias, new SshEndpoint(host, port, username, keyPath, Optional.empty(), Optional.empty()), baseDir);
    }

    /** Host name or address. */
    public String host() {
        return endpoint.host();
    }

    /** SSH port. */
    public int port() {
        return endpoint.port();
    }

    /** The login tasks run as on the host. */
    public String username() {
        return endpoint.user();
    }

    /** Private key file on Gantry's host. */
    public Path keyPath() {
        return endpoint.identityFile();
    }
}
