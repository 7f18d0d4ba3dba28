package org.gantry.job.ui;

import java.time.Clock;
import java.util.Optional;
import org.gantry.job.FailureExplanations;
import org.gantry.job.JobSearchService;
import org.gantry.job.JobService;
import org.gantry.job.JobStars;
import org.gantry.job.SharedTemplates;
import org.gantry.job.TaskLogs;
import org.gantry.job.TaskTerminalLinks;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** What every job view needs, in one injectable piece so that the views' constructors stay short. */
@Component
record JobViewSupport(JobSearchService search, JobService jobs, JobStars stars, GroupService groups,
                      CurrentUser currentUser, JobStateBroadcaster broadcaster, Clock clock,
                      ObjectProvider<TaskTerminalLinks> terminals, ObjectProvider<TaskLogs> logs,
                      ObjectProvider<SharedTemplates> shared, ObjectProvider<FailureExplanations> explanations) {

    /** Present once a terminal feature provides Connect links. */
    Optional<TaskTerminalLinks> terminalLinks() {
        return Optional.ofNullable(terminals.getIfAvailable());
    }

    /** Present once the marketplace shares job templates. */
    Optional<SharedTemplates> sharedTemplates() {
        return Optional.ofNullable(shared.getIfAvailable());
    }

    /** Present once the runtime serves task logs. */
    Optional<TaskLogs> taskLogs() {
        return Optional.ofNullable(logs.getIfAvailable());
    }

    /** Present once the diagnostics feature explains failures. */
    Optional<FailureExplanations> failureExplanations() {
        return Optional.ofNullable(explanations.getIfAvailable());
    }
}
