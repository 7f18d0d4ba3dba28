package org.gantry.terminal;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface SshKeyRepository extends JpaRepository<SshKey, Long> {

    List<SshKey> findByUserUsernameOrderByCreatedAt(String username);

    Optional<SshKey> findByUserUsernameAndName(String username, String name);

    Optional<SshKey> findByFingerprint(String fingerprint);

    long countByUserUsername(String username);
}
