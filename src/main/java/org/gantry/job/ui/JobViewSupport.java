package org.gantry.job.ui;

import java.time.Clock;
import org.gantry.job.JobSearchService;
import org.gantry.job.JobStars;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.springframework.stereotype.Component;

/** What every job view needs, in one injectable piece so that the views' constructors stay short. */
@Component
record JobViewSupport(JobSearchService search, JobStars stars, GroupService groups, CurrentUser currentUser,
                      JobStateBroadcaster broadcaster, Clock clock) {
}
