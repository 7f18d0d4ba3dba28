package org.gantry.job;

import jakarta.persistence.PostLoad;
import jakarta.persistence.PostPersist;
import jakarta.persistence.PostUpdate;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * Publishes {@link JobStateChanged} whenever a job is stored with a state other than the one
 * it was loaded with, and for every new job: whoever changes a job's state through JPA (the
 * job service, the runtime) tells the views without having to remember to. Hibernate calls
 * it during flush, in the changing transaction; listeners of the event wait for the commit.
 */
@Component
class JobStateListener {

    private final ApplicationEventPublisher publisher;

    JobStateListener(ApplicationEventPublisher publisher) {
        this.publisher = publisher;
    }

    @PostLoad
    void loaded(Job job) {
        job.rememberPublishedState();
    }

    @PostPersist
    void persisted(Job job) {
        publish(job);
    }

    @PostUpdate
    void updated(Job job) {
        if (job.stateChangedSincePublished()) {
            publish(job);
        }
    }

    private void publish(Job job) {
        job.rememberPublishedState();
        publisher.publishEvent(JobStateChanged.of(job));
    }
}
