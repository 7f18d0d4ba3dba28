package org.gantry.runtime;

/**
 * An executor could not do what was asked; the message is fit to show to the job's owner.
 * {@link #isPermanent()} tells the reconciler whether asking again can help.
 */
public class ExecutorException extends Exception {

    private final boolean permanent;
    private final boolean unreachable;

    public ExecutorException(String message, boolean permanent) {
        this(message, permanent, null);
    }

    public ExecutorException(String message, boolean permanent, Throwable cause) {
        this(message, permanent, cause, false);
    }

    private ExecutorException(String message, boolean permanent, Throwable cause, boolean unreachable) {
        super(message, cause);
        this.permanent = permanent;
        this.unreachable = unreachable;
    }

    /** A transient failure (unreachable host, busy controller): try again later. */
    public static ExecutorException transientFailure(String message, Throwable cause) {
        return new ExecutorException(message, false, cause);
    }

    /**
     * A transient failure of the whole target, not of one attempt: the SSH host or the Slurm
     * controller does not answer. Every other call for the same target would fail the same way
     * now, so the reconciler asks it once per pass, not once per attempt.
     */
    public static ExecutorException unreachable(String message, Throwable cause) {
        return new ExecutorException(message, false, cause, true);
    }

    /** A failure that will not go away by retrying (unknown host alias, refused by policy). */
    public static ExecutorException permanent(String message) {
        return new ExecutorException(message, true);
    }

    public boolean isPermanent() {
        return permanent;
    }

    /** True when the target as a whole could not be reached ({@link #unreachable}). */
    public boolean isUnreachable() {
        return unreachable;
    }
}
