package org.gantry.job;

import java.time.Instant;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

interface JobTaskRepository extends JpaRepository<JobTask, Long> {

    // read for every job's end and status: a JPQL string is translated once (see JobAttemptRepository)
    @Query("select t from JobTask t where t.job = :job order by t.roleName, t.taskIndex")
    List<JobTask> findByJobOrderByRoleNameAscTaskIndexAsc(Job job);

    /** Each listed job's platform retries (summed over its tasks), for jobs that have any. */
    @Query("select t.job.id, sum(t.platformRetries) from JobTask t where t.job.id in :jobIds"
            + " and t.platformRetries > 0 group by t.job.id")
    List<Object[]> platformRetries(java.util.Collection<Long> jobIds);

    /**
     * Ends every unfinished task of a job as STOPPED in one statement: a job of thousands of
     * tasks stops in one round trip, not one update per task. The version is raised as a save
     * would, so that a concurrent change of one of these tasks fails rather than overwrites.
     * Task entities already loaded in this persistence context are stale afterwards.
     */
    @Modifying(flushAutomatically = true)
    @Query("update JobTask t set t.state = org.gantry.job.JobState.STOPPED, t.waitingReason = null,"
            + " t.completedAt = :at, t.version = t.version + 1 where t.job = :job"
            + " and t.state not in (org.gantry.job.JobState.SUCCEEDED, org.gantry.job.JobState.FAILED,"
            + " org.gantry.job.JobState.STOPPED)")
    int stopUnfinished(Job job, Instant at);
}
