package org.gantry.job;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface JobAttemptRepository extends JpaRepository<JobAttempt, Long> {

    List<JobAttempt> findByJobOrderByAttemptIndexDesc(Job job);

    Optional<JobAttempt> findByJobAndAttemptIndex(Job job, int attemptIndex);

    // read for every job's start, end and status: a JPQL string is translated once, a derived
    // query (Criteria API) on every call
    @Query("select a from JobAttempt a where a.job = :job order by a.attemptIndex desc limit 1")
    Optional<JobAttempt> findFirstByJobOrderByAttemptIndexDesc(Job job);
}
