package org.gantry.job.tips;

import java.util.List;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface DismissedTipRepository extends JpaRepository<DismissedTip, Long> {

    @Query("select d.tipKey from DismissedTip d where d.owner.username = ?1")
    List<String> keysOf(String username);

    boolean existsByOwnerUsernameAndTipKey(String username, String tipKey);
}
