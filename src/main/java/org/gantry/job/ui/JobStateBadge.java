package org.gantry.job.ui;

import java.util.Locale;
import org.gantry.job.JobState;

/** A job or task state as a badge. */
class JobStateBadge extends Badge {

    JobStateBadge(JobState state) {
        super(label(state), variant(state));
        getElement().setAttribute("data-state", state.name());
    }

    static String label(JobState state) {
        String name = state.name();
        return name.charAt(0) + name.substring(1).toLowerCase(Locale.ROOT);
    }

    static String variant(JobState state) {
        return switch (state) {
            case RUNNING -> "primary";
            case SUCCEEDED -> "success";
            case FAILED -> "error";
            case WAITING, STOPPING, STOPPED -> "contrast";
        };
    }
}
