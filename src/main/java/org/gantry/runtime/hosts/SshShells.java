package org.gantry.runtime.hosts;

import org.gantry.runtime.runner.RemoteShell;

/** Gantry's SSH client as executors use it: one {@link RemoteShell} per registered host. */
@FunctionalInterface
public interface SshShells {

    /** The shell of a host; a changed registration (new key, port …) gets a new connection. */
    RemoteShell shell(SshTarget target);
}
