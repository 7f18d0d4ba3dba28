package org.gantry.runtime.hosts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.gantry.runtime.AttemptRef;
import org.gantry.runtime.ExecutorException;
import org.gantry.runtime.Placement;

/**
 * Gantry's own host as a place tasks run, for every executor that starts tasks there: the
 * local executor, and Slurm submitting from this host ({@code sbatch --uid}).
 */
public interface HostTasks {

    /** The directory holding the attempts of tasks on this host. */
    Path tasksDir();

    /** Where a user's tasks run on this host: loopback, and the cache of the user's task account. */
    Placement placement(String target, String user) throws ExecutorException;

    /**
     * The account a user's tasks run as on this host, empty for Gantry's own.
     *
     * @throws ExecutorException when tasks may not run on this host for that user
     */
    Optional<TaskAccount> accountFor(String user) throws ExecutorException;

    /** The login name a user's tasks run as on this host: their task account's, or Gantry's own. */
    default String accountName(String user) throws ExecutorException {
        return accountFor(user).map(TaskAccount::name).orElse(System.getProperty("user.name"));
    }

    /** Makes attempt dirs created under {@code base} the task account's. */
    void handOver(Path base, AttemptRef ref, Optional<TaskAccount> account) throws IOException;
}
