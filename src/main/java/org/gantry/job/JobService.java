package org.gantry.job;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Jobs: queries for the list and detail views and the REST API. */
@Service
public class JobService {

    private final JobRepository jobs;

    JobService(JobRepository jobs) {
        this.jobs = jobs;
    }

    /** One page of the user's own jobs, newest first unless the page says otherwise. */
    @Transactional(readOnly = true)
    public Page<Job> ownJobs(String username, Pageable page) {
        return jobs.findByOwnerUsername(username, page);
    }

    @Transactional(readOnly = true)
    public long countOwnJobs(String username) {
        return jobs.findByOwnerUsername(username, Pageable.ofSize(1)).getTotalElements();
    }
}
