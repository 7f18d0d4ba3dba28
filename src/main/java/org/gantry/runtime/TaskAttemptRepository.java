package org.gantry.runtime;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface TaskAttemptRepository extends JpaRepository<TaskAttempt, Long> {

    boolean existsByJobIdAndStateNot(long jobId, TaskAttempt.State state);

    List<TaskAttempt> findByStateNotOrderById(TaskAttempt.State state);

    @Query("select coalesce(max(a.attempt), 0) from TaskAttempt a where a.taskId = ?1")
    int lastAttemptNumber(long taskId);

    Optional<TaskAttempt> findFirstByTaskIdOrderByAttemptDesc(long taskId);

    /** The launched attempts of a task in one job attempt and retry, newest first. */
    List<TaskAttempt> findByTaskIdAndJobAttemptAndRetryAndExternalIdNotNullOrderByAttemptDesc(
            long taskId, int jobAttempt, int retry);

    List<TaskAttempt> findByTaskIdAndExternalIdNotNullOrderByAttemptDesc(long taskId);

    /** Every launch of these tasks in one job attempt, oldest first (served by index task_attempt_task). */
    List<TaskAttempt> findByTaskIdInAndJobAttemptOrderByAttempt(Collection<Long> taskIds, int jobAttempt);
}
