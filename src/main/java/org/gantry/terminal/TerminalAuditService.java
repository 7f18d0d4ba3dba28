package org.gantry.terminal;

import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.domain.Pageable;
import org.springframework.security.access.prepost.PreAuthorize;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/** Records every attempt to enter a task: one audit log line and one table row each. */
@Service
public class TerminalAuditService {

    private static final Logger audit = LoggerFactory.getLogger("org.gantry.audit");

    private final TerminalAuditRepository entries;
    private final Clock clock;

    TerminalAuditService(TerminalAuditRepository entries, Clock clock) {
        this.entries = entries;
        this.clock = clock;
    }

    /** Records the attempt in its own transaction, so a refusal is kept whatever happens next. */
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public TerminalAuditEntry record(TerminalAttempt attempt, TerminalAuditEntry.Outcome outcome, String reason) {
        TerminalAuditEntry entry = entries.save(new TerminalAuditEntry(clock.instant(), attempt, outcome, reason));
        if (outcome == TerminalAuditEntry.Outcome.ALLOWED) {
            audit.info("Terminal {} for '{}' into {} via {} from {} (key {}): {}", outcome, entry.getUsername().orElse(""),
                    entry.getLoginName(), entry.getVia(), entry.getRemoteAddress(),
                    entry.getKeyFingerprint().orElse("-"), entry.getReason());
        } else {
            audit.warn("Terminal {} for '{}' into {} via {} from {} (key {}): {}", outcome,
                    entry.getUsername().orElse(""), entry.getLoginName(), entry.getVia(), entry.getRemoteAddress(),
                    entry.getKeyFingerprint().orElse("-"), entry.getReason());
        }
        return entry;
    }

    @PreAuthorize("hasRole('ADMIN')")
    @Transactional(readOnly = true)
    public List<TerminalAuditEntry> recent(int limit) {
        return entries.findByOrderByAtDescIdDesc(Pageable.ofSize(limit));
    }

    /** What a key was used for, allowed or not; also keys that belong to nobody. */
    @PreAuthorize("hasRole('ADMIN')")
    @Transactional(readOnly = true)
    public List<TerminalAuditEntry> recentOfKey(String fingerprint, int limit) {
        return entries.findByKeyFingerprintOrderByAtDescIdDesc(fingerprint, Pageable.ofSize(limit));
    }

    @Transactional(readOnly = true)
    public List<TerminalAuditEntry> recentOf(String username, int limit) {
        return entries.findByUsernameOrderByAtDescIdDesc(username, Pageable.ofSize(limit));
    }
}
