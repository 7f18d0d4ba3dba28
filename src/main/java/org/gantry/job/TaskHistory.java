package org.gantry.job;

import java.util.List;

/**
 * One task in one job attempt: where it stands, and how each of its earlier retries in that
 * attempt ended (the last launch of each retry, oldest first).
 */
public record TaskHistory(TaskStatus status, List<TaskRun> earlierRetries) {

    public TaskHistory {
        earlierRetries = List.copyOf(earlierRetries);
    }
}
