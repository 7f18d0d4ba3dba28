package org.gantry.job;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface JobTaskRepository extends JpaRepository<JobTask, Long> {

    // read for every job's end and status: a JPQL string is translated once (see JobAttemptRepository)
    @Query("select t from JobTask t where t.job = :job order by t.roleName, t.taskIndex")
    List<JobTask> findByJobOrderByRoleNameAscTaskIndexAsc(Job job);
}
