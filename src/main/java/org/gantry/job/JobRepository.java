package org.gantry.job;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

interface JobRepository extends JpaRepository<Job, Long>, JpaSpecificationExecutor<Job>, JobSlices {

    @Query("select j from Job j join fetch j.owner where j.owner.username = :username and j.name = :name")
    Optional<Job> findByOwnerUsernameAndName(String username, String name);

    @Query("select j.state from Job j where j.owner.username = :username and j.name = :name")
    Optional<JobState> findStateByOwnerUsernameAndName(String username, String name);

    @Query("select count(j) > 0 from Job j where j.owner.username = :username and j.name = :name")
    boolean existsByOwnerUsernameAndName(String username, String name);

    /**
     * Jobs as the runtime reads them, a row per task. Hot queries take no collection parameter:
     * Hibernate translates a query with one anew on every call.
     */
    String RUNNABLE = "select new org.gantry.job.RunnableTaskRow(j.id, o.username, j.name, j.virtualCluster,"
            + " j.executionType, j.state, j.retries, j.submittedAt,"
            + " (select max(a.attemptIndex) from JobAttempt a where a.job = j), t.id, t.roleName, t.taskIndex,"
            + " t.state, t.retries, t.platformRetries, t.waitingReason, t.exitCode, t.exitDiagnostics)"
            + " from Job j join j.owner o left join JobTask t on t.job = j";

    @Query(RUNNABLE + " where j.state in (org.gantry.job.JobState.WAITING, org.gantry.job.JobState.RUNNING,"
            + " org.gantry.job.JobState.STOPPING) order by j.submittedAt asc, j.id asc, t.id asc")
    List<RunnableTaskRow> unfinishedTaskRows();

    @Query(RUNNABLE + " where j.id = :id order by t.id asc")
    List<RunnableTaskRow> taskRowsOfJob(@Param("id") long id);

    @Query(RUNNABLE + " where j.id in :ids order by j.id asc, t.id asc")
    List<RunnableTaskRow> taskRowsOfJobs(@Param("ids") Collection<Long> ids);

    Page<Job> findByOwnerUsername(String username, Pageable pageable);

    /**
     * Sets a job's execution type to STOP with a plain update: no version check, so it never
     * conflicts with a concurrent write of the job (which leaves this column alone, see
     * {@link Job}). Returns 0 when the job had a stop request already.
     */
    @Modifying
    @Query(value = "update job set execution_type = 'STOP' where id = :id and execution_type <> 'STOP'",
            nativeQuery = true)
    int requestStop(@Param("id") long id);
}
