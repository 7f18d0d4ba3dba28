package org.gantry.terminal;

import java.security.KeyPair;
import java.util.Optional;

/**
 * An SSH server Gantry logs in to on a task's behalf.
 *
 * @param host host name or address
 * @param port SSH port
 * @param user account to log in as
 * @param identity the key pair Gantry authenticates with
 * @param hostKeyFingerprint the server's expected host key ({@code SHA256:…}); when empty any
 *     key is accepted and a warning is logged
 */
public record SshEndpoint(String host, int port, String user, KeyPair identity, Optional<String> hostKeyFingerprint) {

    @Override
    public String toString() {
        // The identity stays out of logs.
        return user + "@" + host + ":" + port;
    }
}
