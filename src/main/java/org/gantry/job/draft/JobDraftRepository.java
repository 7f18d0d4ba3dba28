package org.gantry.job.draft;

import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface JobDraftRepository extends JpaRepository<JobDraft, Long> {

    Optional<JobDraft> findByOwnerUsername(String username);

    void deleteByOwnerUsername(String username);
}
