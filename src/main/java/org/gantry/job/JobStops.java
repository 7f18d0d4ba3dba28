package org.gantry.job;

import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * A stop request in two transactions. The first records it by setting the job's execution
 * type alone, with a plain update that checks no version: it cannot conflict with the
 * runtime writing the same job or its tasks, and once committed the runtime honours it on
 * its next pass whatever happens after. The second only makes the stop visible sooner (a
 * waiting job ends STOPPED at once, a running one shows STOPPING); it may lose a race with
 * the runtime, which then does the same itself.
 */
@Component
class JobStops {

    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");

    private final JobRepository jobs;
    private final JobTaskRepository tasks;
    private final JobAttemptRepository attempts;
    private final JobEventRepository events;
    private final ApplicationEventPublisher publisher;
    private final Clock clock;

    JobStops(JobRepository jobs, JobTaskRepository tasks, JobAttemptRepository attempts, JobEventRepository events,
             ApplicationEventPublisher publisher, Clock clock) {
        this.jobs = jobs;
        this.tasks = tasks;
        this.attempts = attempts;
        this.events = events;
        this.publisher = publisher;
        this.clock = clock;
    }

    /** Records the stop request; false when the job had one already or has ended. */
    @Transactional
    public boolean record(long jobId, String by) {
        Job job = jobs.findById(jobId).orElseThrow();
        if (jobs.requestStop(jobId) == 0 || job.getState().isFinal()) {
            return false;
        }
        events.save(new JobEvent(job, clock.instant(), JobEvent.Type.Normal, "StopRequested", "Stop requested by " + by));
        audit.info("Job {} stop requested by {}", job.getFrameworkName(), by);
        // the execution type is no state, so no state change announces it: wake the runtime after the commit
        publisher.publishEvent(JobStateChanged.of(job));
        return true;
    }

    /** Ends a waiting job STOPPED, or marks a running one STOPPING; may fail on a concurrent write of the runtime. */
    @Transactional
    public void applyAtOnce(long jobId) {
        Job job = jobs.findById(jobId).orElseThrow();
        Instant now = clock.instant();
        if (job.getState() == JobState.WAITING) {
            job.setState(JobState.STOPPED);
            job.setCompletedAt(now);
            tasks.stopUnfinished(job, now);
            attempts.findFirstByJobOrderByAttemptIndexDesc(job).ifPresent(a -> {
                a.setState(JobState.STOPPED);
                a.setCompletedAt(now);
            });
        } else if (job.getState() == JobState.RUNNING) {
            job.setState(JobState.STOPPING);
        }
    }

    @Transactional(readOnly = true)
    public JobSummary summary(long jobId) {
        return JobSummary.of(jobs.findById(jobId).orElseThrow());
    }
}
