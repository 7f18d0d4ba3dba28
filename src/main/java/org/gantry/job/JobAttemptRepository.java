package org.gantry.job;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface JobAttemptRepository extends JpaRepository<JobAttempt, Long> {

    List<JobAttempt> findByJobOrderByAttemptIndexDesc(Job job);

    Optional<JobAttempt> findByJobAndAttemptIndex(Job job, int attemptIndex);

    Optional<JobAttempt> findFirstByJobOrderByAttemptIndexDesc(Job job);

    /** Pairs of job id and its latest attempt index, for many jobs in one query. */
    @Query("select a.job.id, max(a.attemptIndex) from JobAttempt a where a.job.id in ?1 group by a.job.id")
    List<Object[]> latestAttemptIndexes(Collection<Long> jobIds);
}
