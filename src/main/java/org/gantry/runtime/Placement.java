package org.gantry.runtime;

/**
 * Where an executor target puts a user's tasks, known before launch: what the runtime
 * variables name as the tasks' host, and where the deps renderer caches environments.
 *
 * @param host     the host name or address other tasks reach this one at
 * @param cacheDir absolute (or {@code ~/}-relative) directory on that machine for cached
 *                 virtualenvs and conda envs, private to the account tasks run as
 */
public record Placement(String host, String cacheDir) {
}
