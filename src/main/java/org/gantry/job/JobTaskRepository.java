package org.gantry.job;

import java.util.Collection;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;

interface JobTaskRepository extends JpaRepository<JobTask, Long> {

    List<JobTask> findByJobOrderByRoleNameAscTaskIndexAsc(Job job);

    List<JobTask> findByJobIdIn(Collection<Long> jobIds);
}
