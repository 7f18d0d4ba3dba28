package org.gantry.runtime;

/**
 * An executor could not do what was asked; the message is fit to show to the job's owner.
 * {@link #isPermanent()} tells the reconciler whether asking again can help.
 */
public class ExecutorException extends Exception {

    private final boolean permanent;

    public ExecutorException(String message, boolean permanent) {
        super(message);
        this.permanent = permanent;
    }

    public ExecutorException(String message, boolean permanent, Throwable cause) {
        super(message, cause);
        this.permanent = permanent;
    }

    /** A transient failure (unreachable host, busy controller): try again later. */
    public static ExecutorException transientFailure(String message, Throwable cause) {
        return new ExecutorException(message, false, cause);
    }

    /** A failure that will not go away by retrying (unknown host alias, refused by policy). */
    public static ExecutorException permanent(String message) {
        return new ExecutorException(message, true);
    }

    public boolean isPermanent() {
        return permanent;
    }
}
