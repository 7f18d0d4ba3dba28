package org.gantry.job;

/** A refused job operation; the message is safe to show the caller and never holds secrets. */
public class JobException extends RuntimeException {

    /** What went wrong, so that the REST layer can pick OpenPAI's code and status. */
    public enum Kind { NO_JOB, NO_TAG, NO_ATTEMPT, NO_TASK, CONFLICT, INVALID }

    private final Kind kind;

    public JobException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    static JobException noJob(String username, String name) {
        return new JobException(Kind.NO_JOB, "Job " + username + "~" + name + " is not found.");
    }
}
