package org.gantry.security;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface VirtualClusterRepository extends JpaRepository<VirtualCluster, Long> {

    @Query("select c from VirtualCluster c where c.name = :name")
    Optional<VirtualCluster> findByName(String name);

    // read on every submission and admission: a JPQL string is translated once (see findByName)
    @Query("select c from VirtualCluster c order by c.name")
    List<VirtualCluster> findAllByOrderByName();
}
