package org.gantry.job;

/** Which other users' jobs a user may see (list, detail, stars); administrators see all. */
public enum JobVisibility {
    /** Everyone sees every job, as in OpenPAI. Configs never show another user's secrets. */
    ALL,
    /** A user sees their own jobs and those in the virtual clusters their groups may use. */
    VIRTUAL_CLUSTER,
    /** A user sees only their own jobs. */
    OWN
}
