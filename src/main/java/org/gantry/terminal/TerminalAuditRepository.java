package org.gantry.terminal;

import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;

interface TerminalAuditRepository extends JpaRepository<TerminalAuditEntry, Long> {

    List<TerminalAuditEntry> findByOrderByAtDescIdDesc(Pageable page);

    List<TerminalAuditEntry> findByKeyFingerprintOrderByAtDescIdDesc(String fingerprint, Pageable page);

    List<TerminalAuditEntry> findByUsernameOrderByAtDescIdDesc(String username, Pageable page);
}
