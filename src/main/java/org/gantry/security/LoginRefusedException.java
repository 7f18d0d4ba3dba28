package org.gantry.security;

import java.time.Duration;
import java.util.Optional;

/** A refused password login; never says whether the account exists. */
public class LoginRefusedException extends RuntimeException {

    public enum Reason { BAD_CREDENTIALS, TOO_MANY_ATTEMPTS }

    private final Reason reason;
    private final Optional<Duration> retryAfter;

    LoginRefusedException(Reason reason, Optional<Duration> retryAfter) {
        super(reason == Reason.BAD_CREDENTIALS ? "Username or password is incorrect."
                : "Too many failed logins; try again later.");
        this.reason = reason;
        this.retryAfter = retryAfter;
    }

    public Reason reason() {
        return reason;
    }

    public Optional<Duration> retryAfter() {
        return retryAfter;
    }
}
