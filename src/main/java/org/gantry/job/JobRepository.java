package org.gantry.job;

import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;

interface JobRepository extends JpaRepository<Job, Long>, JpaSpecificationExecutor<Job>, JobSlices {

    Optional<Job> findByOwnerUsernameAndName(String username, String name);

    boolean existsByOwnerUsernameAndName(String username, String name);

    Page<Job> findByOwnerUsername(String username, Pageable pageable);
}
