package org.gantry.runtime.ssh;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface SshHostRepository extends JpaRepository<SshHost, Long> {

    Optional<SshHost> findByAlias(String alias);

    List<SshHost> findAllByOrderByAlias();
}
