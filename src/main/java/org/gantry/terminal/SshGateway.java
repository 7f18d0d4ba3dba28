package org.gantry.terminal;

import java.util.List;

/** The running SSH gateway, as the rest of Gantry sees it. */
public interface SshGateway {

    /** The port it listens on; the actual one when port 0 was configured. */
    int port();

    /** Its host key in OpenSSH's one-line form, for known_hosts. */
    String hostPublicKey();

    /** Its host key's {@code SHA256:…} fingerprint. */
    String hostKeyFingerprint();

    /** The terminals open right now. */
    List<OpenTerminal> openTerminals();
}
