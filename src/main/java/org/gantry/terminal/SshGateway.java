package org.gantry.terminal;

import java.util.List;
import java.util.OptionalInt;

/** The running SSH gateway, as the rest of Gantry sees it. */
public interface SshGateway {

    /** The port it listens on; the actual one when port 0 was configured. */
    int port();

    /** Its host key in OpenSSH's one-line form, for known_hosts. */
    String hostPublicKey();

    /** Its host key's {@code SHA256:…} fingerprint. */
    String hostKeyFingerprint();

    /** The host name clients use to reach it (gantry.terminal.advertised-host, else this machine's name). */
    String advertisedHost();

    /** The ssh command that opens a shell in {@code route}'s task. */
    default String sshCommand(TaskRoute route) {
        return "ssh -p " + port() + " " + route.loginName() + "@" + advertisedHost();
    }

    /**
     * A port of the gateway's own for a running task: a connection to it enters the task
     * whatever the login name. Empty when task ports are off or used up.
     *
     * @param route a route naming task role and index
     */
    OptionalInt taskPort(TaskRoute route);

    /** The terminals open right now. */
    List<OpenTerminal> openTerminals();
}
