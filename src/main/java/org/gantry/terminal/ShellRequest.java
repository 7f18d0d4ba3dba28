package org.gantry.terminal;

import java.util.Map;
import java.util.Optional;

/**
 * What an SSH client asked for.
 *
 * @param command the command of an exec request; empty for an interactive shell
 * @param pty the terminal, when the client asked for one
 * @param clientEnvironment variables the client sent; only TERM, COLORTERM, LANG and LC_* are passed on
 */
public record ShellRequest(Optional<String> command, Optional<Pty> pty, Map<String, String> clientEnvironment) {

    public ShellRequest {
        clientEnvironment = Map.copyOf(clientEnvironment);
    }

    /**
     * @param term the terminal type, e.g. {@code xterm-256color}
     */
    public record Pty(String term, TerminalSize size) {
    }

    /** Whether {@code name} may pass from the client into the task's shell. */
    public static boolean passesOn(String name) {
        return name.equals("TERM") || name.equals("COLORTERM") || name.equals("LANG") || name.startsWith("LC_");
    }
}
