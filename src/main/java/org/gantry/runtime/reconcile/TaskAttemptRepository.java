package org.gantry.runtime.reconcile;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface TaskAttemptRepository extends JpaRepository<TaskAttempt, Long> {

    // Queries run for every job are JPQL strings: Hibernate translates a string once and keeps
    // it, while a derived query (built with the Criteria API) is translated on every call.
    @Query("select count(a) > 0 from TaskAttempt a where a.jobId = :jobId and a.state <> :state")
    boolean existsByJobIdAndStateNot(long jobId, TaskAttempt.State state);

    @Query("select a from TaskAttempt a where a.state <> :state order by a.id")
    List<TaskAttempt> findByStateNotOrderById(TaskAttempt.State state);

    @Query("select coalesce(max(a.attempt), 0) from TaskAttempt a where a.taskId = ?1")
    int lastAttemptNumber(long taskId);

    Optional<TaskAttempt> findFirstByTaskIdOrderByAttemptDesc(long taskId);

    /** The launched attempts of a task in one job attempt and retry, newest first. */
    List<TaskAttempt> findByTaskIdAndJobAttemptAndRetryAndExternalIdNotNullOrderByAttemptDesc(
            long taskId, int jobAttempt, int retry);

    List<TaskAttempt> findByTaskIdAndExternalIdNotNullOrderByAttemptDesc(long taskId);

    /** Every launch of a job's tasks in one job attempt, oldest first (served by index task_attempt_job). */
    @Query("select a from TaskAttempt a where a.jobId = :jobId and a.jobAttempt = :jobAttempt order by a.attempt")
    List<TaskAttempt> findByJobIdAndJobAttemptOrderByAttempt(long jobId, int jobAttempt);
}
