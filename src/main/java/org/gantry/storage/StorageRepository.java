package org.gantry.storage;

import java.util.List;
import java.util.Optional;
import org.springframework.data.jpa.repository.JpaRepository;

interface StorageRepository extends JpaRepository<Storage, Long> {

    Optional<Storage> findByName(String name);

    List<Storage> findAllByOrderByName();
}
