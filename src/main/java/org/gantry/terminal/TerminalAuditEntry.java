package org.gantry.terminal;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import org.gantry.base.domain.AbstractEntity;

/** One attempt to enter a task's shell, allowed or refused. */
@Entity
@Table(name = "terminal_audit")
public class TerminalAuditEntry extends AbstractEntity {

    public static final int REASON_MAX = 1024;

    /** The SSH gateway, the browser terminal through it, or the browser proxy to a task's port. */
    public enum Via { SSH, BROWSER, PROXY }

    public enum Outcome { ALLOWED, REFUSED }

    @Column(nullable = false)
    private Instant at;

    @Column(length = 64)
    private String username;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Via via;

    @Column(name = "key_fingerprint", length = 64)
    private String keyFingerprint;

    @Column(name = "login_name", nullable = false, length = TaskRoute.LOGIN_NAME_MAX)
    private String loginName;

    @Column(name = "remote_address", nullable = false, length = 64)
    private String remoteAddress;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Outcome outcome;

    @Column(nullable = false, length = REASON_MAX)
    private String reason;

    protected TerminalAuditEntry() {
    }

    TerminalAuditEntry(Instant at, TerminalAttempt attempt, Outcome outcome, String reason) {
        this.at = at;
        this.username = attempt.username().orElse(null);
        this.via = attempt.via();
        this.keyFingerprint = attempt.keyFingerprint().orElse(null);
        this.loginName = clip(attempt.loginName(), TaskRoute.LOGIN_NAME_MAX);
        this.remoteAddress = clip(attempt.remoteAddress(), 64);
        this.outcome = outcome;
        this.reason = clip(reason, REASON_MAX);
    }

    public Instant getAt() {
        return at;
    }

    /** The authenticated user; empty when the key was unknown. */
    public Optional<String> getUsername() {
        return Optional.ofNullable(username);
    }

    public Via getVia() {
        return via;
    }

    public Optional<String> getKeyFingerprint() {
        return Optional.ofNullable(keyFingerprint);
    }

    public String getLoginName() {
        return loginName;
    }

    public String getRemoteAddress() {
        return remoteAddress;
    }

    public Outcome getOutcome() {
        return outcome;
    }

    public String getReason() {
        return reason;
    }

    private static String clip(String value, int max) {
        String printable = value == null ? "" : value.replaceAll("[^\\x20-\\x7e]", "?");
        return printable.length() > max ? printable.substring(0, max) : printable;
    }
}
