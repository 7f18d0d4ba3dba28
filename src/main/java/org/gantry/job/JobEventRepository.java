package org.gantry.job;

import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

interface JobEventRepository extends JpaRepository<JobEvent, Long> {

    List<JobEvent> findByJobOrderByAtDescIdDesc(Job job, Pageable page);

    List<JobEvent> findByJobAndTypeOrderByAtDescIdDesc(Job job, JobEvent.Type type, Pageable page);

    long countByJob(Job job);

    long countByJobAndType(Job job, JobEvent.Type type);
}
