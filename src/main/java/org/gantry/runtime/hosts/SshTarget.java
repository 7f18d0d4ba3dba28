package org.gantry.runtime.hosts;

import java.nio.file.Path;

/**
 * An SSH host tasks can run on, as an administrator registered it.
 *
 * @param alias    the name virtual clusters use as their executor target
 * @param host     host name or address
 * @param port     SSH port
 * @param username the login tasks run as on the host
 * @param keyPath  private key file on Gantry's host (OpenSSH or PEM format, no passphrase)
 * @param baseDir  directory for Gantry's files on the host, relative to the login's home
 */
public record SshTarget(String alias, String host, int port, String username, Path keyPath, String baseDir) {
}
