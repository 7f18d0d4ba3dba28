package org.gantry.job.tips;

import java.time.Instant;
import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface EditorStartRepository extends JpaRepository<EditorStart, Long> {

    @Query("select s.origin from EditorStart s where s.owner.username = ?1 and s.startedAt >= ?2")
    List<String> originsSince(String username, Instant since);
}
