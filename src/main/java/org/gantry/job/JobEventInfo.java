package org.gantry.job;

import java.time.Instant;

/** A job event as the API and views show it. */
public record JobEventInfo(long id, Instant at, JobEvent.Type type, String reason, String message) {

    static JobEventInfo of(JobEvent event) {
        return new JobEventInfo(event.getId(), event.getAt(), event.getType(), event.getReason(), event.getMessage());
    }
}
