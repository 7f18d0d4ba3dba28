package org.gantry.job;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface JobAttemptRepository extends JpaRepository<JobAttempt, Long> {

    List<JobAttempt> findByJobOrderByAttemptIndexDesc(Job job);

    Optional<JobAttempt> findByJobAndAttemptIndex(Job job, int attemptIndex);

    Optional<JobAttempt> findFirstByJobOrderByAttemptIndexDesc(Job job);
}
