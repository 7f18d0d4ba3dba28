package org.gantry.job;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
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

    @Query("select new org.gantry.job.RunnableJobRow(j.id, o.username, j.name, j.virtualCluster, j.executionType,"
            + " j.state, j.retries, j.submittedAt) from Job j join j.owner o where j.state in :states"
            + " order by j.submittedAt asc, j.id asc")
    List<RunnableJobRow> runnableRowsInState(@Param("states") Collection<JobState> states);

    @Query("select new org.gantry.job.RunnableJobRow(j.id, o.username, j.name, j.virtualCluster, j.executionType,"
            + " j.state, j.retries, j.submittedAt) from Job j join j.owner o where j.id in :ids")
    List<RunnableJobRow> runnableRows(@Param("ids") Collection<Long> ids);

    Page<Job> findByOwnerUsername(String username, Pageable pageable);
}
