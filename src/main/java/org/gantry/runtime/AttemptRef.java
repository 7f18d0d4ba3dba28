package org.gantry.runtime;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Names one launch of one task: which user's job, which task role instance, which attempt.
 * Every executor derives its directories and external names from it, so that a restarted
 * Gantry can find an attempt again from what the database holds.
 *
 * @param user    the job owner's user name
 * @param job     the job's name, unique per user
 * @param role    the task role's name
 * @param index   the task's index within its role, from 0
 * @param attempt the launch number of this task, from 1; a relaunch after a retry or after an
 *                attempt was fenced off gets the next number
 */
public record AttemptRef(String user, String job, String role, int index, int attempt) {

    /** Segments become directory and Slurm job names: nothing that can escape a directory. */
    private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}");

    public AttemptRef {
        requireSegment("user", user);
        requireSegment("job", job);
        requireSegment("role", role);
        if (index < 0) {
            throw new IllegalArgumentException("task index cannot be negative: " + index);
        }
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt numbers start at 1: " + attempt);
        }
    }

    private static void requireSegment(String what, String value) {
        if (value == null || !SEGMENT.matcher(value).matches()) {
            throw new IllegalArgumentException("Not a usable " + what + " name: " + value);
        }
    }

    /** {@code <user>/<job>/<role>-<index>/attempt-<n>}, relative, for any executor's base dir. */
    public Path relativeDir() {
        return Path.of(user, job, role + "-" + index, "attempt-" + attempt);
    }

    /** The same as {@link #relativeDir()} with forward slashes, for remote machines. */
    public String relativeDirString() {
        return user + "/" + job + "/" + role + "-" + index + "/attempt-" + attempt;
    }

    /** A name unique per attempt, usable as a Slurm job name: {@code gantry.user.job.role.index.attempt}. */
    public String externalName() {
        return "gantry." + user + "." + job + "." + role + "." + index + "." + attempt;
    }

    @Override
    public String toString() {
        return user + "~" + job + "/" + role + "-" + index + "#" + attempt;
    }
}
