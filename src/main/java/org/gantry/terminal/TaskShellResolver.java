package org.gantry.terminal;

import java.util.Optional;

/**
 * Tells the terminal where a task runs. The runtime implements it for the tasks its executors
 * run; every Spring bean of this type is asked in order until one knows the job.
 *
 * <p>Called from gateway threads once when a terminal opens and every
 * {@code gantry.terminal.task-check-interval} while it stays open, so it should answer from
 * state it already has (the database, its own caches) rather than ask a remote backend.
 * Access control is not its business: the terminal has already checked that the caller may
 * enter the job's tasks.
 */
public interface TaskShellResolver {

    /**
     * @return empty when this resolver does not know the job, so the next one is asked;
     *     otherwise where the task runs or why it cannot be entered. A route without task role
     *     means the job's first task role, without index instance 0.
     */
    Optional<TaskShellLookup> resolve(TaskRoute route);
}
