package org.gantry.job;

/** A job's or task's state, with OpenPAI's names. */
public enum JobState {
    WAITING,
    RUNNING,
    SUCCEEDED,
    FAILED,
    STOPPING,
    STOPPED;

    public boolean isFinal() {
        return this == SUCCEEDED || this == FAILED || this == STOPPED;
    }
}
