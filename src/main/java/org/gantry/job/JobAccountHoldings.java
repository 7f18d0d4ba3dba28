package org.gantry.job;

import java.util.Optional;
import org.gantry.security.AccountHoldings;
import org.springframework.stereotype.Component;

/** A user's jobs are their history and others' (stars, events): an account with jobs is kept. */
@Component
class JobAccountHoldings implements AccountHoldings {

    private final JobService jobs;

    JobAccountHoldings(JobService jobs) {
        this.jobs = jobs;
    }

    @Override
    public Optional<String> heldBy(String username) {
        long count = jobs.countOwnJobs(username);
        return count == 0 ? Optional.empty() : Optional.of(count + (count == 1 ? " job" : " jobs"));
    }
}
