package org.gantry.runtime;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * What a shell into a running attempt needs, whichever executor runs it.
 *
 * @param user       the Gantry user whose task it is
 * @param workDir    the task's working directory, on the attempt's machine
 * @param env        variables the shell starts with (the task's identity); an executor may add its own
 * @param init       a file the shell sources first (the environment the task script saved)
 * @param knownHosts where the runtime's SSH client pins host keys; shells over SSH check against it
 */
public record AttemptShell(String user, String workDir, Map<String, String> env, Optional<String> init,
                           Path knownHosts) {
}
