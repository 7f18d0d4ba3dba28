package org.gantry.security;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface VirtualClusterRepository extends JpaRepository<VirtualCluster, Long> {

    Optional<VirtualCluster> findByName(String name);

    List<VirtualCluster> findAllByOrderByName();
}
